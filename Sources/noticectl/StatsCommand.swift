import ArgumentParser
import NoticeHub

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Print the journal's statistics.",
        discussion: """
            Notices in total and per name, first and last sequence and time, file \
            size, schema version, durable subscribers and how far behind they are.

            Example:
              noticectl stats --json
            """
    )

    @OptionGroup var journal: JournalOptions

    @Flag(help: "Print the statistics as one JSON object.")
    var json = false

    func run() throws {
        let statistics = try journal.openHub(creatingIfMissing: false).journalStatistics()
        if json {
            print(Self.json(statistics))
        } else {
            Self.text(statistics).forEach { print($0) }
        }
    }

    private static func text(_ statistics: JournalStatistics) -> [String] {
        func bound(_ sequence: Int64?, _ time: Int64?) -> String {
            guard let sequence else { return "none" }
            return "#\(sequence)" + (time.map { " at " + NoticeLine.timestamp($0) } ?? "")
        }
        var lines = ["notices: \(statistics.notices)"]
        lines += statistics.byName.map { "  \($0.name): \($0.count)" }
        lines.append("first: " + bound(statistics.firstSequence, statistics.firstPostedAt))
        lines.append("last: " + bound(statistics.lastSequence, statistics.lastPostedAt))
        lines.append("file size: " + (statistics.fileSize.map { "\($0) bytes" } ?? "unknown"))
        lines.append("schema version: \(statistics.schemaVersion)")
        lines.append("durable subscribers: \(statistics.subscribers.isEmpty ? "none" : "\(statistics.subscribers.count)")")
        lines += statistics.subscribers.map { "  \($0.name): at #\($0.cursor), \($0.lag) behind" }
        return lines
    }

    private static func json(_ statistics: JournalStatistics) -> String {
        func time(_ milliseconds: Int64?) -> String {
            milliseconds.map { JSONText.string(NoticeLine.timestamp($0)) } ?? "null"
        }
        return JSONText.object([
            "notices": "\(statistics.notices)",
            "byName": JSONText.array(statistics.byName.map {
                JSONText.object(["name": JSONText.string($0.name), "count": "\($0.count)"])
            }),
            "firstSequence": JSONText.number(statistics.firstSequence),
            "lastSequence": JSONText.number(statistics.lastSequence),
            "firstPostedAt": time(statistics.firstPostedAt),
            "lastPostedAt": time(statistics.lastPostedAt),
            "fileSize": JSONText.number(statistics.fileSize),
            "schemaVersion": "\(statistics.schemaVersion)",
            "subscribers": JSONText.array(statistics.subscribers.map {
                JSONText.object(["name": JSONText.string($0.name), "cursor": "\($0.cursor)", "lag": "\($0.lag)"])
            }),
        ])
    }
}
