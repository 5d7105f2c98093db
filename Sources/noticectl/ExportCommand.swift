import ArgumentParser
import NoticeHub

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print the journal as JSON lines, the format import reads.",
        discussion: """
            One notice per line, as JSON; docs/ExportFormat.md in NoticeHub's \
            repository describes each field. Every row is checked as it is written: a \
            row import would refuse (edited behind NoticeHub's back) stops the export \
            with an error naming it, after the lines before it.

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
        let hub = try journal.openHub(creatingIfMissing: false)
        var query = JournalQuery(from: try start.first(in: hub))
        query.checksRows = true
        try hub.journal.read(query) { notice in
            print(try NoticeLine.encode(notice))
            try StandardOutput.check()
            count += 1
            if count % Self.progressStep == 0 { progress.show(ExportStatus.text(count)) }
            return true
        }
    }
}
