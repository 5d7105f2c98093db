import Foundation
import Synchronization

/// Gathers the replies to one request across processes until every
/// responder asked has answered or died, `maxReplies` have arrived, the
/// timeout passes or the collecting task is cancelled.
///
/// Replies arrive from the hub's ``ReplyInbox`` (a follower's thread). A
/// thread of the collection's own checks every ``livenessInterval`` whether
/// the claims of responders yet to answer are alive, so one that died
/// mid-request stops being waited for; the check asks the journal, which
/// may block, so it stays off the tasks' threads.
final class RemoteReplies<Value: Sendable>: Sendable {
    typealias StopReason = ReplyCollection<Value>.StopReason

    /// How often the claims of responders yet to answer are checked.
    static var livenessInterval: Duration { .milliseconds(100) }

    private struct State {
        var asked: AskedResponders
        var replies: [Reply<Value>] = []
        var stopReason: StopReason?
        var continuation: CheckedContinuation<StopReason, Never>?
        /// Replies counted whose `onReply` call has not returned yet: the
        /// requester resumes only after them, so it never hears of a reply
        /// after the stop.
        var callbacks = 0
        /// Why the inbox could not go on, when it failed.
        var failure: (any Error)?
    }

    private let state: Mutex<State>
    private let maxReplies: Int
    private let decode: @Sendable (Notice) -> Reply<Value>
    private let onReply: (@Sendable (Notice) -> Void)?
    private let stopChecking = DispatchSemaphore(value: 0)

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

    /// What stopped the inbox under this collection, if anything did.
    var failure: (any Error)? { state.locked { $0.failure } }

    /// Takes one reply or failure from the inbox's thread.
    func record(_ notice: Notice) {
        guard let responder = notice.sender else { return }
        let reply = decode(notice)
        let counted = state.locked { state -> Bool in
            guard state.stopReason == nil else { return false }
            state.replies.append(reply)
            state.asked.answer(from: responder)
            if state.replies.count >= maxReplies {
                state.stopReason = .maxRepliesReached
            } else if state.asked.allSettled {
                state.stopReason = .allAnswered
            }
            if onReply != nil { state.callbacks += 1 }
            return true
        }
        guard counted else { return }
        onReply?(notice)
        let resume = state.locked { state -> Resume? in
            if onReply != nil { state.callbacks -= 1 }
            return Self.resumeIfDone(&state)
        }
        resume?()
    }

    /// Waits until the collection stops, checking liveness and the timeout
    /// meanwhile; `journal` answers the liveness checks.
    func wait(timeout: Duration, journal: any NoticeJournal) async -> StopReason {
        let stop = stopChecking
        let interval = Self.livenessInterval.seconds
        let checking = SystemThread.start(name: "NoticeHub reply liveness") { [self] in
            while stop.wait(timeout: .now() + interval) == .timedOut {
                checkLiveness(journal)
            }
        }
        let timer = Task { [self] in
            // Clamped: a huge timeout means "a very long time", and would
            // otherwise trap converting it to the clock's units.
            try? await Task.sleep(for: timeout.clampedForWaiting)
            if !Task.isCancelled { finish(.timedOut) }
        }
        defer {
            timer.cancel()
            if checking { stopChecking.signal() }
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let stopped = state.locked { state -> StopReason? in
                    if let reason = state.stopReason, state.callbacks == 0 { return reason }
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
            if state.asked.allSettled { state.stopReason = .allAnswered }
            return Self.resumeIfDone(&state)
        }
        resume?()
    }

    /// Stops for `reason` unless the collection stopped already.
    func finish(_ reason: StopReason) {
        let resume = state.locked { state -> Resume? in
            guard state.stopReason == nil else { return nil }
            state.stopReason = reason
            return Self.resumeIfDone(&state)
        }
        resume?()
    }

    /// Stops because the inbox cannot go on; the requester throws `error`.
    func fail(_ error: any Error) {
        state.locked { state in
            if state.stopReason == nil { state.failure = error }
        }
        finish(.cancelled)
    }

    private typealias Resume = () -> Void

    /// Resumes the waiting requester once the collection has stopped and no
    /// `onReply` call is under way.
    private static func resumeIfDone(_ state: inout State) -> Resume? {
        guard let reason = state.stopReason, state.callbacks == 0, let continuation = state.continuation else {
            return nil
        }
        state.continuation = nil
        return { continuation.resume(returning: reason) }
    }
}
