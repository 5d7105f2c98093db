import ArgumentParser
import NoticeHub

struct ArchiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "archive",
        abstract: "Write the journal's notices through a sequence number, with the projections' state, to a file.",
        discussion: ToolContext.named(
            """
            Writes a new gzip file of JSON lines (docs/ExportFormat.md in NoticeHub's \
            repository): a first line naming what it holds, the state the journal \
            starts from if it was trimmed, the notices from the first retained through \
            --through, the state of every projection the journal installs as of \
            --through, and an end line with the count of notices. noticectl computes \
            that state by rebuilding the projections it carries through --through \
            (in a scratch journal on SQLite, while posts go on; on PostgreSQL while \
            posts wait); a projection it does not carry stops the archive. The \
            file appears under its name only when whole.

            Then trim --through removes the archived notices. import reads an archive \
            back, checking its checksums, its count and its state: into an empty \
            journal it restores the history, and an export of the journal's remainder \
            imported after it restores the whole.

            Example:
              noticectl archive --through 1000000 --to 2026.jsonl.gz --db app.sqlite
              noticectl trim --through 1000000 --db app.sqlite
            """)
    )

    /// How often the progress counter is redrawn.
    private static let progressStep = 10_000

    @OptionGroup var journal: JournalOptions

    @Option(help: ArgumentHelp("Archive the notices numbered through this one.", valueName: "seq"))
    var through: Int64

    @Option(help: ArgumentHelp("The archive to write: a new file.", valueName: "file"), completion: .file())
    var to: String

    func validate() throws {
        if through < 1 { throw ValidationError("--through must be at least 1") }
    }

    func run() throws {
        let hub = try journal.openHub(creatingIfMissing: false)
        let first = try hub.journal.firstRetainedSequence()
        guard through >= first else {
            throw CommandFailure("nothing to archive: the journal starts at #\(first), after #\(through)")
        }
        let ending = try CarriedProjections.states(asOf: through, in: hub, advice: "archive from the app that does")
        let starting = try hub.journal.startingState()
        var projections: [String] = []
        for identity in (starting + ending).map(\.identity) where !projections.contains(identity) {
            projections.append(identity)
        }
        let file = try GzipFile(creating: to)
        let progress = ProgressLine()
        defer { progress.finish() }
        try file.write(StateLine.archiveHeader(from: first, through: through, projections: projections))
        for line in starting.flatMap(StateLine.encode) { try file.write(line) }
        var query = JournalQuery(from: first, through: through)
        query.checksRows = true
        var count = 0
        try hub.journal.read(query) { notice in
            try file.write(try NoticeLine.encode(notice))
            count += 1
            if count % Self.progressStep == 0 { progress.show("archived \(CountText.grouped(count))") }
            return true
        }
        for line in ending.flatMap(StateLine.encode) { try file.write(line) }
        try file.write(StateLine.archiveEnd(notices: count))
        try file.finish()
        progress.finish()
        let states =
            projections.isEmpty ? "" : " and the state of \(CountText.counted(projections.count, "projection"))"
        print("archived \(CountText.counted(count, "notice")) (#\(first)-#\(through))\(states) to \(to)")
    }
}
