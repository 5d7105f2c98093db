import Synchronization

/// Where the replies to a hub's requests across processes arrive: one
/// follower of the journal per hub, started by its first request and kept
/// until the hub closes, hands each reply to the request it names as its
/// cause. A follower per request would pay for a thread, a connection and,
/// on a server, a `LISTEN` session on every request.
final class ReplyInbox: Sendable {
    private let waiting = Mutex<[NoticeID: @Sendable (Notice) -> Void]>([:])
    private let follower = Mutex<JournalFollower?>(nil)

    /// Starts following `journal` from its end: replies to requests posted
    /// from now on arrive.
    init(journal: any NoticeJournal) throws {
        let start = try journal.connect(durability: .always).lastSequence() + 1
        let follower = try JournalFollower(
            journal: journal,
            options: .init(query: JournalQuery(from: start, kinds: [.reply, .failure]), pollInterval: journal.pollInterval)
        ) { [weak self] reply in
            guard let self, let cause = reply.cause, let deliver = waiting.locked({ $0[cause] }) else { return }
            deliver(reply)
        }
        self.follower.locked { $0 = follower }
    }

    /// Hands the replies to `request` to `deliver`, on the follower's
    /// thread, until ``forget(_:)``.
    func expect(repliesTo request: NoticeID, _ deliver: @escaping @Sendable (Notice) -> Void) {
        waiting.locked { $0[request] = deliver }
    }

    func forget(_ request: NoticeID) {
        _ = waiting.locked { $0.removeValue(forKey: request) }
    }

    /// Stops the follower; waits for it unless called from it.
    func close() {
        follower.locked { $0.take() }?.cancel()
    }
}
