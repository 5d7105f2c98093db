import ArgumentParser
import NoticeHub

struct SubscribersDropParkedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drop-parked",
        abstract: "Remove a durable subscriber's parked notices without delivering them.",
        discussion: ToolContext.named(
            """
            All of them, or those numbered --seq (repeatable). The notices stay \
            in the journal; only the subscriber's record of them goes.

            Example:
              noticectl subscribers drop-parked mailer --seq 42
              noticectl subscribers drop-parked mailer
            """)
    )

    @OptionGroup var journal: JournalOptions

    @OptionGroup var named: SubscriberArgument
    var subscriber: String { named.subscriber }

    @Option(name: .customLong("seq"), help: ArgumentHelp("Drop the parked notice numbered this.", valueName: "seq"))
    var sequences: [Int64] = []

    func validate() throws {
        if let bad = sequences.first(where: { $0 < 1 }) {
            throw ValidationError("--seq must be at least 1, not \(bad)")
        }
    }

    func run() throws {
        let hub = try NoticeHub(journal: journal.openJournal(creatingIfMissing: false))
        let dropped = try hub.journal.dropParked(of: subscriber, sequences: sequences.isEmpty ? nil : sequences)
        print("\(subscriber): dropped \(CountText.counted(dropped, "parked notice"))")
    }
}
