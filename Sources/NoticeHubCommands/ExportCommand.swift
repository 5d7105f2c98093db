import ArgumentParser
import NoticeHub

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Print the journal as JSON lines, the format import reads.",
        discussion: ToolContext.named(
            """
            One notice per line, as JSON; docs/ExportFormat.md in NoticeHub's \
            repository describes each field. Every row is checked as it is written: a \
            row import would refuse (edited behind NoticeHub's back) stops the export \
            with an error naming it, after the lines before it.

            An export that starts after the journal's first notice starts with the \
            state of each projection the journal installs as of the notice before \
            (lines of "state" and "row"): the state a trimmed journal starts from, or, \
            with --from, the state noticectl computes by rebuilding the projections it \
            carries through that notice (in a scratch journal on SQLite, while posts go \
            on; on PostgreSQL while posts wait). Import loads it into an empty \
            journal, so a journal's tail imports with the state its notices expect. \
            --without-state leaves it out.

            Example:
              noticectl export --db news.sqlite > news.jsonl
              noticectl export --from 100 | gzip > tail.jsonl.gz
            """)
    )

    /// How often the progress counter is redrawn.
    private static let progressStep = 10_000

    @OptionGroup var journal: JournalOptions

    @OptionGroup var start: StartOption

    @Flag(help: "Leave out the projections' state the export would start with.")
    var withoutState = false

    func run() throws {
        let progress = ProgressLine(printsMeanwhile: true)
        defer { progress.finish() }
        var count = 0
        let hub = try journal.openHub(creatingIfMissing: false)
        let first = try start.first(in: hub)
        if !withoutState {
            for state in try states(before: first, in: hub) {
                for line in StateLine.encode(state) { print(line) }
            }
            try StandardOutput.check()
        }
        var query = JournalQuery(from: first)
        query.checksRows = true
        try hub.journal.read(query) { notice in
            print(try NoticeLine.encode(notice))
            try StandardOutput.check()
            count += 1
            if count % Self.progressStep == 0 { progress.show(ExportStatus.text(count)) }
            return true
        }
    }

    /// The projections' state as of the notice before `first`: none from the
    /// journal's first notice on, the journal's starting state from its first
    /// retained one, else computed by the hub, which carries what noticectl
    /// carries.
    private func states(before first: Int64, in hub: NoticeHub) throws -> [ProjectionSnapshot] {
        let firstRetained = try hub.journal.firstRetainedSequence()
        if first == firstRetained { return try hub.journal.startingState() }
        guard first > firstRetained, first - 1 <= (try hub.journal.lastSequence()),
            !(try hub.journal.installedProjections().isEmpty)
        else { return [] }
        return try CarriedProjections.states(
            asOf: first - 1, in: hub, advice: "export from the app that does, or pass --without-state")
    }
}
