import ArgumentParser
import NoticeHub

struct RetentionShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print the journal's retention policy.",
        discussion: ToolContext.named(
            """
            One line per limit on the whole journal, then one per rule by name, or \
            "keeps everything".

            Example:
              noticectl retention show
            """)
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
        for rule in policy.byName {
            var limits: [String] = []
            if let age = rule.maxAge { limits.append("max age \(DurationArgument.text(age))") }
            if let count = rule.maxCount { limits.append("max count \(CountText.grouped(count))") }
            if let bytes = rule.maxBytes { limits.append("max bytes \(ByteCountArgument.text(bytes)) of payload") }
            if let field = rule.keepingLatestBy { limits.append("the latest by \(TextField.shown(field))") }
            lines.append("\(rule.names): \(limits.joined(separator: ", ")), each name")
        }
        return lines
    }
}
