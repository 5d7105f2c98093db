import ArgumentParser
import Foundation
import NoticeHub

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Append notices from JSON lines (export's format) or an archive, all or nothing.",
        discussion: ToolContext.named(
            """
            Reads export's lines (docs/ExportFormat.md in NoticeHub's repository: \
            only "name" is required; blank lines are skipped and counted), plain or \
            compressed with gzip, as archive writes them; gzip's checksums are checked. \
            Notices already in the journal (same id) are skipped, so an import can be \
            run again. A new SQLite journal (--db names no file yet) is built beside it, \
            under its name plus .importing, in transactions of --transaction-size \
            notices (100,000), and \
            renamed into place once whole: the disk needs the journal's size plus one \
            transaction's log, not twice the journal. Into an existing journal, the \
            import is one transaction. A malformed or refused line stops the import, names the line and \
            journals nothing; so does a line that is not valid UTF-8, damaged or cut-short \
            compressed input, and an archive without its end line.

            A projection state the input starts with (the export of a journal's tail, \
            an archive of a trimmed journal) is loaded into an empty journal, which then \
            starts from it: the projections it names that noticectl carries are \
            installed. Any other state in the input (an archive's last lines) is \
            checked against the journal's at that point. On a terminal, a status line \
            shows the share of the file read, the rate and the time left (for standard \
            input: the count and the rate).

            Example:
              noticectl import news.jsonl --db copy.sqlite
              noticectl export --db a.sqlite | noticectl import - --db b.sqlite
              noticectl import old.jsonl.gz --db restored.sqlite
            """)
    )

    @OptionGroup var journal: JournalOptions

    @Argument(
        help: ArgumentHelp("A file of JSON lines, or - for standard input.", valueName: "file"), completion: .file())
    var file: String

    @Option(
        help: ArgumentHelp(
            "The most notices one transaction appends when the import builds a new SQLite journal.",
            valueName: "n"))
    var transactionSize = NewJournalFile.transactionSize

    func validate() throws {
        guard transactionSize >= 1 else { throw ValidationError("--transaction-size must be at least 1") }
    }

    func run() throws {
        // Opened before the journal, so a missing input leaves no new database behind.
        let lines = try InputLines(path: file)
        let summary = try importNotices(from: lines)
        var report =
            "imported \(CountText.grouped(summary.imported)), already present \(CountText.grouped(summary.alreadyPresent))"
        if summary.statesLoaded > 0 {
            report += ", started from the state of \(CountText.counted(summary.statesLoaded, "projection"))"
        }
        if summary.statesChecked > 0 {
            report += ", the state of \(CountText.counted(summary.statesChecked, "projection")) agrees"
        }
        print(report)
    }

    private func importNotices(from lines: InputLines) throws -> ImportSummary {
        let progress = ProgressLine()
        defer { progress.finish() }
        let status = ImportProgress(totalBytes: lines.totalBytes)
        let input = LeadingStates(lines)
        let installing = CarriedProjections.all.filter { input.projections.contains($0.schema.identity) }
        do {
            // lstat: a dangling symbolic link counts as something already there.
            guard !journal.isPostgres, (try? FileManager.default.attributesOfItem(atPath: journal.path)) == nil else {
                return try journal.writing(installing: installing) { hub in
                    try hub.journal.importNotices(input) {
                        progress.show(status.status(notices: $0, bytesRead: lines.bytesRead))
                    }
                }
            }
            return try NewJournalFile(target: journal.path).build { staging in
                var staged = journal
                staged.explicitPath = staging
                return try staged.writing(installing: installing) { hub in
                    let summary = try hub.journal.importNotices(input, transactionSize: transactionSize) {
                        progress.show(status.status(notices: $0, bytesRead: lines.bytesRead))
                    }
                    try hub.close()
                    return summary
                }
            }
        } catch let error as ImportError where error.line == lines.invalidUTF8Line {
            throw CommandFailure("line \(error.line): not valid UTF-8")
        } catch let error as ImportError where error.line == lines.readFailure?.line {
            throw CommandFailure("cannot read \(file): \(lines.readFailure?.reason ?? "")")
        }
    }
}
