import Synchronization

/// Gathers the replies to one request across processes until every
/// responder asked has answered or died, `maxReplies` have arrived, the
/// timeout passes or the collecting task is cancelled.
///
/// Replies arrive from a follower of the journal (its own thread) reading
/// the request's replies; a task checks every ``livenessInterval`` whether
/// the claims of responders yet to answer are alive, so one that died
/// mid-request stops being waited for.
final class RemoteReplies<Value: Sendable>: Sendable {
    typealias StopReason = ReplyCollection<Value>.StopReason

    /// How often the claims of responders yet to answer are checked.
    static var livenessInterval: Duration { .milliseconds(100) }

    private struct State {
        var asked: AskedResponders
        var replies: [Reply<Value>] = []
        var stopReason: StopReason?
        var continuation: CheckedContinuation<StopReason, Never>?
    }

    private let state: Mutex<State>
    private let maxReplies: Int
    private let decode: @Sendable (Notice) -> Reply<Value>
    private let onReply: (@Sendable (Notice) -> Void)?

    init(
        asked: AskedResponders, maxReplies: Int, decode: @escaping @Sendable (Notice) -> Reply<Value>,
        onReply: (@Sendable (Notice) -> Void)?
    ) {
        state = Mutex(State(asked: asked))
        self.maxReplies = maxReplies
        self.decode = decode
        self.onReply = onReply
    }

    /// The replies counted before the stop, in the order they arrived.
    var replies: [Reply<Value>] { state.locked { $0.replies } }

    /// Takes one reply or failure from the follower's thread; `onReply`
    /// hears it, after the lock, when it counted.
    func record(_ notice: Notice) {
        guard let responder = notice.sender else { return }
        let reply = decode(notice)
        let (counted, resume) = state.locked { state -> (Bool, Resume?) in
            guard state.stopReason == nil else { return (false, nil) }
            state.replies.append(reply)
            state.asked.answer(from: responder)
            if state.replies.count >= maxReplies { return (true, Self.stop(.maxRepliesReached, &state)) }
            if state.asked.allSettled { return (true, Self.stop(.allAnswered, &state)) }
            return (true, nil)
        }
        if counted { onReply?(notice) }
        resume?()
    }

    /// Waits until the collection stops, checking liveness and the timeout
    /// meanwhile; `journal` answers the liveness checks.
    func wait(timeout: Duration, journal: any NoticeJournal) async -> StopReason {
        let watchers = [
            Task { [self] in
                try? await Task.sleep(for: timeout.clampedForWaiting)
                if !Task.isCancelled { finish(.timedOut) }
            },
            Task { [self] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: Self.livenessInterval)
                    guard !Task.isCancelled else { return }
                    checkLiveness(journal)
                }
            },
        ]
        defer { watchers.forEach { $0.cancel() } }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let stopped = state.locked { state -> StopReason? in
                    if let reason = state.stopReason { return reason }
                    state.continuation = continuation
                    return nil
                }
                if let stopped { continuation.resume(returning: stopped) }
            }
        } onCancel: {
            finish(.cancelled)
        }
    }

    /// Forgets the responders whose claims died, and stops when that leaves
    /// none to wait for. A failed check is tried again at the next one.
    private func checkLiveness(_ journal: any NoticeJournal) {
        let keys = state.locked { $0.stopReason == nil ? $0.asked.keysToWatch : [] }
        guard !keys.isEmpty, let alive = try? journal.liveResponderKeys(among: keys) else { return }
        let resume = state.locked { state -> Resume? in
            guard state.stopReason == nil else { return nil }
            state.asked.keep(alive, of: keys)
            return state.asked.allSettled ? Self.stop(.allAnswered, &state) : nil
        }
        resume?()
    }

    /// Stops for `reason` unless the collection stopped already.
    func finish(_ reason: StopReason) {
        let resume = state.locked { state -> Resume? in
            state.stopReason == nil ? Self.stop(reason, &state) : nil
        }
        resume?()
    }

    private typealias Resume = () -> Void

    private static func stop(_ reason: StopReason, _ state: inout State) -> Resume {
        state.stopReason = reason
        let continuation = state.continuation
        state.continuation = nil
        return { continuation?.resume(returning: reason) }
    }
}
