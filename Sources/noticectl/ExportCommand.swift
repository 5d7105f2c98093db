import ArgumentParser
import NoticeHub

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print the journal as JSON lines, the format import reads.",
        discussion: """
            Example:
              noticectl export --db news.sqlite > news.jsonl
              noticectl export --from 100 | gzip > tail.jsonl.gz
            """
    )

    /// How often the progress counter is redrawn.
    private static let progressStep = 10_000

    @OptionGroup var journal: JournalOptions

    @OptionGroup var start: StartOption

    func run() throws {
        let progress = ProgressLine(printsMeanwhile: true)
        defer { progress.finish() }
        var count = 0
        try journal.openHub(creatingIfMissing: false).readJournal(JournalQuery(from: start.from)) { notice in
            print(try NoticeLine.encode(notice))
            try StandardOutput.check()
            count += 1
            if count % Self.progressStep == 0 { progress.show("exported \(count)") }
            return true
        }
    }
}
