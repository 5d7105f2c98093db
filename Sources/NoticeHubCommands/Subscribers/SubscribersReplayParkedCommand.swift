import ArgumentParser
import NoticeHub

struct SubscribersReplayParkedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay-parked",
        abstract: "Have a durable subscriber deliver its parked notices again.",
        discussion: ToolContext.named(
            """
            The subscriber delivers them within about a second if it runs, in any \
            process, else when it next runs: in order, before newer notices, \
            under its delivery policy. Each one handled is unparked; one that \
            fails every delivery again is parked again. They stay listed by \
            `subscribers parked` until then.

            Example:
              noticectl subscribers replay-parked mailer
            """)
    )

    @OptionGroup var journal: JournalOptions

    @OptionGroup var named: SubscriberArgument
    var subscriber: String { named.subscriber }

    func run() throws {
        let hub = try NoticeHub(journal: journal.openJournal(creatingIfMissing: false))
        let asked = try hub.journal.replayParked(of: subscriber)
        print("\(subscriber): \(CountText.counted(asked, "parked notice")) to deliver again")
    }
}
