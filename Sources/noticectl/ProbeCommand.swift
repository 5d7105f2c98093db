import ArgumentParser
import Foundation
import NoticeHub
import Synchronization

/// Processes that the reliability tests and benchmarks run against a shared
/// journal: posters and followers that check what they see. Not for people.
struct ProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Post or follow as a test process (internal).",
        discussion: """
            Example:
              noticectl probe post --db postgres://app@localhost/app --count 5000 --sender p1
              noticectl probe follow --db postgres://app@localhost/app --count 40000
            """,
        shouldDisplay: false,
        subcommands: [ProbePostCommand.self, ProbeFollowCommand.self]
    )
}

/// Posts `count` notices named `probe`, one per transaction, each payload
/// its index; optionally stalls inside the transaction before it commits
/// (a projection sleeps), or posts fixed ids so that several posters
/// race on the same notices.
struct ProbePostCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "post", abstract: "Post test notices.")

    @OptionGroup var journal: JournalOptions

    @Option(help: "How many notices to post.")
    var count: Int

    @Option(help: "The sender of every notice.", transform: Sender.init(validating:))
    var sender: Sender = "probe"

    @Option(help: "Stall one transaction in this many (0: never).")
    var stallOneIn = 0

    @Option(help: "The longest stall, in milliseconds (each is random, from 0).")
    var stallMilliseconds = 5

    @Flag(help: "Post the same ids as every other poster with this flag (notice i has id i).")
    var sharedIDs = false

    func run() throws {
        let projections: [any Projection] = stallOneIn > 0
            ? [StallingProjection(oneIn: stallOneIn, longest: .milliseconds(stallMilliseconds))] : []
        let hub = try NoticeHub(journal: journal.openJournal(), projections: projections)
        var appended = 0
        for index in 0..<count {
            if sharedIDs {
                let id = String(format: "00000000-0000-4000-8000-%012x", index + 1)
                let line = #"{"id":"\#(id)","name":"probe","sender":"\#(sender)","payload":\#(index)}"#
                appended += try hub.importNotices([line]).imported
            } else {
                try hub.post("probe", sender: sender, payload: index)
                appended += 1
            }
        }
        try hub.close()
        print("posted \(count) notices, \(appended) new")
    }
}

/// Sleeps a random 0...`longest` inside one append transaction in `oneIn`:
/// a transaction that took its place in the journal and commits late.
struct StallingProjection: Projection {
    let names: Set<NoticeName> = ["probe"]
    let oneIn: Int
    let longest: Duration

    func apply(_ notice: Notice, to store: any ProjectionStore) throws {
        guard Int.random(in: 0..<oneIn) == 0 else { return }
        usleep(UInt32(Int.random(in: 0...Int(longest / .microseconds(1)))))
    }
}

/// Follows the journal from its first notice as a durable subscriber of a
/// name of its own until it has seen `count` notices, then says whether
/// they were 1...count, each once, in order.
struct ProbeFollowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "follow", abstract: "Follow and check test notices.")

    @OptionGroup var journal: JournalOptions

    @Option(help: "How many notices to wait for.")
    var count: Int

    @Option(help: "Give up after this many seconds.")
    var timeout: Double = 600

    func run() throws {
        let hub = try NoticeHub(journal: journal.openJournal(creatingIfMissing: false))
        let seen = Mutex<(next: Int64, problems: [String])>((1, []))
        let done = DispatchSemaphore(value: 0)
        let name = "probe-follower-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
        print("following")
        let subscription = try hub.subscribeDurably(as: name, onFailure: { error in
            seen.withLock { $0.problems.append("stopped: \(error)") }
            done.signal()
        }) { notice in
            let finished = seen.withLock { state -> Bool in
                let sequence = notice.sequence ?? -1
                if sequence != state.next, state.problems.count < 5 {
                    state.problems.append("expected #\(state.next), got #\(sequence)")
                }
                state.next = max(state.next, sequence + 1)
                return state.next > Int64(count)
            }
            if finished { done.signal() }
        }
        let finished = done.wait(timeout: .now() + timeout) == .success
        subscription.cancel()
        let (next, problems) = seen.withLock { ($0.next, $0.problems) }
        guard finished, problems.isEmpty else {
            let reason = finished ? problems.joined(separator: "; ") : "timed out at #\(next - 1)"
            throw CommandFailure("followed badly: \(reason)")
        }
        print("followed \(count) notices: 1...\(count) once each, in order")
    }
}
