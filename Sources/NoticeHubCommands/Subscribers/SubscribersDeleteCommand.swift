import ArgumentParser
import NoticeHub

struct SubscribersDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a stopped durable subscriber: its cursor and parked notices.",
        discussion: ToolContext.named(
            """
            For a subscriber that is gone for good: it no longer holds retention \
            back nor shows in `subscribers list`. Subscribing under its name \
            again starts from the journal's first notice. It must not be \
            running: the deletion is refused while a process holds its name, \
            changing nothing.

            Example:
              noticectl subscribers delete old-indexer
            """)
    )

    @OptionGroup var journal: JournalOptions

    @OptionGroup var named: SubscriberArgument
    var subscriber: String { named.subscriber }

    func run() throws {
        let hub = try NoticeHub(journal: journal.openJournal(creatingIfMissing: false))
        if try hub.journal.deleteSubscriber(subscriber) {
            print("deleted \(subscriber)")
        } else {
            throw CommandFailure("no durable subscriber named \(subscriber)")
        }
    }
}
