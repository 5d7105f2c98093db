import ArgumentParser
import Foundation
import NoticeHub
import NoticeJSON

struct SubscribersParkedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parked",
        abstract: "List the notices a durable subscriber parked.",
        discussion: ToolContext.named(
            """
            A durable subscriber parks a notice its handler threw for on every \
            delivery its policy allows, and goes on. One line each: the notice's \
            number, how many times it was delivered, when it was parked, \
            `replay asked` while a replay of it waits for the subscriber, and the \
            last error.

            Example:
              noticectl subscribers parked mailer
              noticectl subscribers parked mailer --json
            """)
    )

    @OptionGroup var journal: JournalOptions

    @OptionGroup var named: SubscriberArgument
    var subscriber: String { named.subscriber }

    @Flag(help: "Print each parked notice as a JSON line.")
    var json = false

    /// One parked notice as `--json` prints it, its keys in alphabetical order.
    struct Line: Encodable {
        var deliveries: Int
        var error: String
        var parkedAt: String
        var replayRequested: Bool
        var seq: Int64
    }

    func run() throws {
        let hub = try NoticeHub(journal: journal.openJournal(creatingIfMissing: false))
        for parked in try hub.journal.parkedNotices(of: subscriber) {
            let time =
                TimestampFormat.string(milliseconds: parked.parkedAtMilliseconds) ?? "\(parked.parkedAtMilliseconds)"
            if json {
                let line = Line(
                    deliveries: parked.deliveries, error: parked.error, parkedAt: time,
                    replayRequested: parked.replayRequested, seq: parked.sequence)
                print(try OrderedJSONEncoder().encode(line))
            } else {
                let error =
                    parked.error.unicodeScalars.contains { QuotedText.isSpelled($0, .controls) }
                    ? QuotedText.quoted(parked.error, spelling: .controls) : parked.error
                print(
                    "#\(parked.sequence)  \(CountText.grouped(parked.deliveries)) \(parked.deliveries == 1 ? "delivery" : "deliveries")  parked \(time)"
                        + (parked.replayRequested ? "  replay asked" : "") + "  \(error)")
            }
        }
    }
}
