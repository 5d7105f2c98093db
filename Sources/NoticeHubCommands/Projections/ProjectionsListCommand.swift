import ArgumentParser
import NoticeHub

struct ProjectionsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the installed projections: version, current through, stale or not.",
        discussion: ToolContext.named(
            """
            One line each: identity, version, the sequence its state is current \
            through, and `stale` when a notice it handles was journaled after \
            that without it (`noticectl projections rebuild` catches it up), or \
            `not carried` when this build of noticectl does not have it (its \
            notices are then refused here). --json prints one object per line, with \
            the keys identity, version, schemaVersion, currentThrough, stale, carried \
            and names.

            Example:
              noticectl projections list --json
            """)
    )

    @OptionGroup var journal: JournalOptions

    @Flag(help: "Print one JSON object per projection.")
    var json = false

    func run() throws {
        let hub = try NoticeHub(journal: journal.openJournal(creatingIfMissing: false))
        let carried = Set(CarriedProjections.all.map(\.schema.identity))
        for projection in try hub.journal.installedProjections() {
            let isCarried = carried.contains(projection.identity)
            if json {
                print(
                    try OrderedJSONEncoder().encode(
                        ProjectionJSON(
                            identity: projection.identity, version: projection.version,
                            schemaVersion: projection.schemaVersion, currentThrough: projection.currentThrough,
                            stale: projection.isStale, carried: isCarried, names: projection.names.map(\.rawValue))))
            } else {
                var line =
                    "\(projection.identity)  version \(projection.version)  current through #\(projection.currentThrough)"
                if projection.isStale { line += "  stale" }
                if !isCarried { line += "  not carried" }
                print(line)
            }
        }
    }
}

/// `projections --json`, keys in this order.
private struct ProjectionJSON: Encodable {
    var identity: String
    var version: Int
    var schemaVersion: Int
    var currentThrough: Int64
    var stale: Bool
    var carried: Bool
    var names: [String]
}
