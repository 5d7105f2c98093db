import ArgumentParser
import NoticeHub

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Print the journal's statistics.",
        discussion: ToolContext.named(
            """
            Notices in total and per name, first and last sequence and time, file \
            size, schema version, durable subscribers and how far behind they are, \
            and the responders answering requests now, in any process.

            Example:
              noticectl stats --json
            """)
    )

    @OptionGroup var journal: JournalOptions

    @Flag(help: "Print the statistics as one JSON object.")
    var json = false

    func run() throws {
        let hub = try journal.openHub(creatingIfMissing: false)
        let statistics = try hub.journal.statistics()
        let responders = try hub.journal.liveResponders().sorted {
            ($0.name.rawValue, $0.responder.rawValue) < ($1.name.rawValue, $1.responder.rawValue)
        }
        if json {
            print(try Self.json(statistics, responders))
        } else {
            Self.text(statistics, responders).forEach { print($0) }
        }
    }

    private static func text(_ statistics: JournalStatistics, _ responders: [LiveResponder]) -> [String] {
        func bound(_ sequence: Int64?, _ time: Int64?) -> String {
            guard let sequence else { return "none" }
            return "#\(sequence)" + (time.map { " at " + NoticeLine.timestamp($0) } ?? "")
        }
        var lines = ["notices: \(CountText.grouped(statistics.notices))"]
        lines += statistics.byName.map { "  \($0.name): \(CountText.grouped($0.count))" }
        lines.append("first: " + bound(statistics.firstSequence, statistics.firstPostedAt))
        lines.append("last: " + bound(statistics.lastSequence, statistics.lastPostedAt))
        // A server journal has no file of its own to measure.
        if let size = statistics.fileSize { lines.append("file size: \(CountText.counted(size, "byte"))") }
        lines.append("schema version: \(statistics.schemaVersion)")
        lines.append(
            "durable subscribers: \(statistics.subscribers.isEmpty ? "none" : "\(statistics.subscribers.count)")")
        lines += statistics.subscribers.map { "  \($0.name): at #\($0.cursor), \(CountText.grouped($0.lag)) behind" }
        lines.append("live responders: \(responders.isEmpty ? "none" : "\(responders.count)")")
        lines += responders.map { "  \(TextField.shown($0.name.rawValue)): \(TextField.shown($0.responder.rawValue))" }
        return lines
    }

    private static func json(_ statistics: JournalStatistics, _ responders: [LiveResponder]) throws -> String {
        try OrderedJSONEncoder().encode(
            StatisticsJSON(
                notices: statistics.notices,
                byName: statistics.byName,
                firstSeq: statistics.firstSequence,
                lastSeq: statistics.lastSequence,
                firstPostedAt: statistics.firstPostedAt.map(NoticeLine.timestamp),
                lastPostedAt: statistics.lastPostedAt.map(NoticeLine.timestamp),
                fileSize: statistics.fileSize,
                schemaVersion: statistics.schemaVersion,
                subscribers: statistics.subscribers,
                responders: responders.map { ResponderJSON(name: $0.name.rawValue, responder: $0.responder.rawValue) }))
    }
}

/// One live responder in `stats --json`.
private struct ResponderJSON: Encodable {
    var name: String
    var responder: String
}

/// `stats --json`, keys in this order. As everywhere in the tool's JSON, a
/// value the journal lacks (the bounds of an empty journal, a server's file
/// size) is left out, and a sequence number is a `seq`; posting times are
/// timestamps, not milliseconds.
private struct StatisticsJSON: Encodable {
    var notices: Int
    var byName: [JournalStatistics.NameCount]
    var firstSeq: Int64?
    var lastSeq: Int64?
    var firstPostedAt: String?
    var lastPostedAt: String?
    var fileSize: Int64?
    var schemaVersion: Int
    var subscribers: [JournalStatistics.SubscriberLag]
    var responders: [ResponderJSON]
}
