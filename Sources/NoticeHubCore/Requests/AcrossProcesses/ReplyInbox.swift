import Synchronization

/// Where the replies to a hub's requests across processes arrive: one
/// follower of the journal per hub, started by its first request and kept
/// until the hub closes, hands each reply to the request it names as its
/// cause. A follower per request would pay for a thread, a connection and,
/// on a server, a `LISTEN` session on every request.
///
/// When the follower stops on a journal it cannot read on, or the hub
/// closes, the requests waiting are told why, and the inbox is done: the
/// hub's next request starts another.
final class ReplyInbox: Sendable {
    /// What a waiting request is handed: each reply, or why none can come.
    struct Waiter: Sendable {
        let deliver: @Sendable (Notice) -> Void
        let fail: @Sendable (any Error) -> Void
    }

    private struct State {
        var waiting: [NoticeID: Waiter] = [:]
        var follower: JournalFollower?
        /// Why the inbox ended, once it did.
        var ended: (any Error)?
    }

    private let state = Mutex(State())

    /// Starts following `journal` from its end: replies to requests posted
    /// from now on arrive.
    init(journal: any NoticeJournal) throws {
        let start = try journal.connectForReading().lastSequence() + 1
        let follower = try JournalFollower(
            journal: journal,
            options: .init(
                query: JournalQuery(from: start, kinds: [.reply, .failure]), pollInterval: journal.pollInterval),
            onFailure: { [weak self] error in self?.end(error, stopping: false) }
        ) { [weak self] reply in
            guard let self, let cause = reply.cause,
                let waiter = state.locked({ $0.waiting[cause] })
            else { return }
            waiter.deliver(reply)
        }
        state.locked { $0.follower = follower }
    }

    /// Whether the inbox still takes requests.
    var isOpen: Bool { state.locked { $0.ended == nil } }

    /// Hands the replies to `request` to `waiter` until ``forget(_:)``;
    /// throws why the inbox ended, if it did.
    func expect(repliesTo request: NoticeID, _ waiter: Waiter) throws {
        try state.locked { state in
            if let ended = state.ended { throw ended }
            state.waiting[request] = waiter
        }
    }

    func forget(_ request: NoticeID) {
        _ = state.locked { $0.waiting.removeValue(forKey: request) }
    }

    /// Ends the inbox for the hub's close: waiting requests throw
    /// ``JournalError/closed``.
    func close() {
        end(JournalError.closed, stopping: true)
    }

    /// Tells every waiting request why no reply will come, and stops the
    /// follower unless it stopped by itself. The stop does not wait for the
    /// follower's poll under way: with nobody waiting, what it reads goes
    /// nowhere, and a process that ends right after its request (as
    /// `noticectl request` does) is not held by a poll a lost server leaves
    /// unanswered.
    private func end(_ error: any Error, stopping: Bool) {
        let (waiters, follower) = state.locked { state -> ([Waiter], JournalFollower?) in
            guard state.ended == nil else { return ([], nil) }
            state.ended = error
            defer { state.waiting = [:] }
            return (Array(state.waiting.values), state.follower.take())
        }
        waiters.forEach { $0.fail(error) }
        if stopping { follower?.stopWithoutWaiting() }
    }
}
