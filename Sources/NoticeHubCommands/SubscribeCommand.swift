import ArgumentParser
import Dispatch
import Foundation
import NoticeHub
import Synchronization

struct SubscribeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "subscribe",
        abstract: "Run a durable subscriber: print the notices after its saved cursor, then new ones.",
        discussion: ToolContext.named(
            """
            The subscriber's cursor is saved in the journal after each batch it \
            printed, so the next run of the same name goes on where this one \
            stopped. One subscriber per name runs at a time, in any process or, \
            on PostgreSQL, on any host: while one runs, another is refused at once. \
            Runs until interrupted (SIGINT or SIGTERM, exit 0). One whose claim \
            is lost (its database session ended) says so, claims the name again \
            once nobody holds it, and goes on from the saved cursor.

            With --group, any number of processes run the name as members of a \
            group, on any host on PostgreSQL: each notice is printed by one of \
            them, which holds it for --lease seconds (30) until printed; the \
            notices a member that dies took are printed by another once their \
            lease runs out (at least once).

            Example:
              noticectl subscribe indexer --name news.liked --json
              noticectl subscribe thumbnails --group --lease 60
            """)
    )

    @OptionGroup var journal: JournalOptions

    @Argument(help: "The subscriber's name, which keeps its cursor.")
    var subscriber: String

    @Option(
        help: "Only notices with this name, or a pattern: news.* (one segment), news.> (one or more). Repeatable.",
        transform: NoticeName.init(validating:))
    var name: [NoticeName] = []

    @Flag(help: "Print each notice as a JSON line.")
    var json = false

    @Flag(help: "Run as one member of a group that shares the name's notices.")
    var group = false

    @Option(
        help: ArgumentHelp(
            "With --group: how long a member holds the notices it took before another may take them.",
            valueName: "seconds"))
    var lease: Double?

    func validate() throws {
        try SubscriberArgument.validate(subscriber)
        if let lease {
            guard group else { throw ValidationError("--lease needs --group") }
            guard lease.isFinite, lease >= 0.1, lease <= 86_400 else {
                throw ValidationError("--lease must be from 0.1 to 86400 seconds, not \(lease)")
            }
        }
    }

    /// How the name's notices are shared, from --group and --lease.
    var sharing: SubscriberSharing {
        guard group else { return .exclusive }
        return lease.map { .group(lease: .milliseconds(Int64(($0 * 1000).rounded()))) } ?? .group()
    }

    func run() throws {
        let hub = try journal.openHub(creatingIfMissing: false)
        let format = NoticeFormat(json: json)
        let stop = DispatchSemaphore(value: 0)
        // Handled before the first notice prints: a signal sent on seeing it stops the subscriber.
        let signals = TerminationSignals.handle { stop.signal() }
        let failure = Mutex<(any Error)?>(nil)
        let subscription = try hub.journal.subscribe(
            as: subscriber, names: name.isEmpty ? nil : Set(name), sharing: sharing,
            onFailure: { error in
                failure.locked { $0 = error }
                stop.signal()
            }
        ) { notice in
            do {
                print(try format.line(for: notice))
                try StandardOutput.check()
            } catch {
                failure.locked { $0 = $0 ?? error }
                stop.signal()
            }
        }
        stop.wait()
        subscription.cancel()
        withExtendedLifetime(signals) {}
        if let error = failure.locked({ $0 }) { throw error }
    }
}
