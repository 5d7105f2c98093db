import ArgumentParser
import NoticeHub

struct TrimCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trim",
        abstract: "Remove the journal's notices through a sequence number, oldest first.",
        discussion: ToolContext.named(
            """
            Removes the notices numbered through --through in batches of --batch-size, \
            between which other processes keep posting. Before it removes one it marks \
            the journal's first retained sequence, --through + 1: from then on a replay, \
            follower or durable subscriber asked to start below it fails, naming it, \
            instead of skipping what is gone, and tail and export start there. Sequence \
            numbers are never reused: the journal keeps its last notice. A trim cut \
            short removed whole batches only; running it again finishes it.

            It refuses to remove notices a durable subscriber has not handled, naming \
            it, unless --leaving-subscribers-behind. Projections keep their state, and \
            the journal keeps each one's state as of --through to start from, so that \
            rebuilds, verify and export still work: noticectl computes it by rebuilding \
            the projections it carries through --through (in a scratch journal on \
            SQLite, while posts go on; on PostgreSQL while posts wait). A \
            projection it does not carry stops the trim, unless \
            --leaving-projections-behind: that one can then no longer be rebuilt. \
            A SQLite journal created by NoticeHub 0.2 or later gives the freed pages \
            back to the file system, so the file shrinks; an older one reuses them for \
            later notices (the file stops growing). PostgreSQL's autovacuum frees the rows.

            Example:
              noticectl archive --through 1000000 --to old.jsonl.gz --db app.sqlite
              noticectl trim --through 1000000 --db app.sqlite
            """)
    )

    @OptionGroup var journal: JournalOptions

    @Option(help: ArgumentHelp("Remove the notices numbered through this one.", valueName: "seq"))
    var through: Int64

    @Option(help: "Notices removed per transaction.")
    var batchSize = HubJournal.trimBatchSize

    @Flag(help: "Trim even notices a durable subscriber has not handled yet.")
    var leavingSubscribersBehind = false

    @Flag(
        help: ArgumentHelp(
            ToolContext.named(
                "Trim even when a projection's state cannot be kept: one noticectl does not carry, which can then never be rebuilt."
            )))
    var leavingProjectionsBehind = false

    func validate() throws {
        if through < 1 { throw ValidationError("--through must be at least 1") }
        if batchSize < 1 { throw ValidationError("--batch-size must be at least 1") }
    }

    func run() throws {
        let hub = try journal.openHub(creatingIfMissing: false)
        let progress = ProgressLine()
        defer { progress.finish() }
        let summary: TrimSummary
        do {
            summary = try hub.journal.trim(
                through: through, leavingSubscribersBehind: leavingSubscribersBehind,
                leavingProjectionsBehind: leavingProjectionsBehind, batchSize: batchSize
            ) { progress.show("removed \(CountText.grouped($0.removed))") }
        } catch let error as JournalError where error.code == .trimRefused {
            let installed = try hub.journal.installedProjections().map(\.identity)
            guard installed.contains(where: { !CarriedProjections.carries($0) }) else { throw error }
            throw CommandFailure("\(error); \(CarriedProjections.howToCarry)")
        }
        progress.finish()
        print(
            "removed \(CountText.counted(summary.removed, "notice")); the journal starts at #\(summary.firstRetained)")
    }
}
