import ArgumentParser
import NoticeHub

struct RetentionShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print the journal's retention policy.",
        discussion: """
            One line per limit, or "keeps everything".

            Example:
              noticectl retention show
            """
    )

    @OptionGroup var journal: JournalOptions

    func run() throws {
        let policy = try journal.openHub(creatingIfMissing: false).journal.retentionPolicy()
        for line in Self.lines(policy) { print(line) }
    }

    static func lines(_ policy: RetentionPolicy) -> [String] {
        guard !policy.keepsEverything else { return ["keeps everything"] }
        var lines: [String] = []
        if let age = policy.maxAge { lines.append("max age: \(DurationArgument.text(age))") }
        if let count = policy.maxCount { lines.append("max count: \(CountText.grouped(count))") }
        if let bytes = policy.maxBytes { lines.append("max bytes: \(ByteCountArgument.text(bytes)) of payload") }
        return lines
    }
}
