import ArgumentParser
import NoticeHub

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Append notices from JSON lines (export's format), all or nothing.",
        discussion: """
            Reads export's lines (docs/ExportFormat.md in NoticeHub's repository: \
            only "name" is required; blank lines are skipped and counted). Notices \
            already in the journal (same id) are skipped, so an import can be run again. A malformed or refused line stops the import, names the \
            line and journals nothing; so does a line that is not valid UTF-8. On a \
            terminal, a status line shows the share of the file read, the rate and the \
            time left (for standard input: the count and the rate).

            Example:
              noticectl import news.jsonl --db copy.sqlite
              noticectl export --db a.sqlite | noticectl import - --db b.sqlite
            """
    )

    @OptionGroup var journal: JournalOptions

    @Argument(
        help: ArgumentHelp("A file of JSON lines, or - for standard input.", valueName: "file"), completion: .file())
    var file: String

    func run() throws {
        // Opened before the journal, so a missing input leaves no new database behind.
        let lines = try InputLines(path: file)
        let summary = try importNotices(from: lines)
        print(
            "imported \(CountText.grouped(summary.imported)), already present \(CountText.grouped(summary.alreadyPresent))"
        )
    }

    private func importNotices(from lines: InputLines) throws -> ImportSummary {
        let progress = ProgressLine()
        defer { progress.finish() }
        let status = ImportProgress(totalBytes: lines.totalBytes)
        do {
            return try journal.writing { hub in
                try hub.importNotices(lines) { progress.show(status.status(notices: $0, bytesRead: lines.bytesRead)) }
            }
        } catch let error as ImportError where error.line == lines.invalidUTF8Line {
            throw CommandFailure("line \(error.line): not valid UTF-8")
        }
    }
}
