import ArgumentParser
import Foundation
import NoticeHub

struct SubscribersResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Move a durable subscriber's cursor, stopped or running.",
        discussion: ToolContext.named(
            """
            The subscriber goes on from the notice numbered --to-seq, from the \
            first notice posted at or after --to-time, or after the journal's last \
            notice (--to-end): at its next batch while it runs, in any process (the \
            batch under way is finished, and an idle one takes the reset within a \
            second), else at its next run. A subscriber that never ran is created \
            at that cursor.

            Example:
              noticectl subscribers reset indexer --to-seq 1
              noticectl subscribers reset indexer --to-time 2026-12-07T09:00:00Z
              noticectl subscribers reset mailer --to-end
            """)
    )

    @OptionGroup var journal: JournalOptions

    @OptionGroup var named: SubscriberArgument
    var subscriber: String { named.subscriber }

    @Option(help: ArgumentHelp("Deliver from the notice numbered this next.", valueName: "seq"))
    var toSeq: Int64?

    @Option(
        help: ArgumentHelp(
            "Deliver from the first notice posted at or after this time, ISO 8601 (2026-12-07T09:00:00Z).",
            valueName: "time"))
    var toTime: String?

    @Flag(help: "Deliver only the notices journaled after the reset.")
    var toEnd = false

    func validate() throws {
        let given = [toSeq != nil, toTime != nil, toEnd].filter { $0 }.count
        if given != 1 { throw ValidationError("give one of --to-seq, --to-time and --to-end") }
        if let toSeq, toSeq < 1 { throw ValidationError("--to-seq must be at least 1") }
        if let toTime, Self.time(toTime) == nil {
            throw ValidationError("--to-time must be an ISO 8601 time such as 2026-12-07T09:00:00Z, not '\(toTime)'")
        }
    }

    /// `text` as an ISO 8601 time, with or without fractions of a second.
    static func time(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    func run() throws {
        let position: SubscriberPosition =
            if let toSeq { .sequence(toSeq) } else if let toTime { .time(Self.time(toTime)!) } else { .end }
        let hub = try NoticeHub(journal: journal.openJournal(creatingIfMissing: false))
        let cursor = try hub.journal.resetSubscriber(subscriber, to: position)
        print("\(subscriber) goes on from #\(cursor + 1)")
    }
}
