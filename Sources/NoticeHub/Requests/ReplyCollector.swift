import Synchronization

/// One collection of replies, in process or across processes: the state
/// machine behind `collect` and `collectAcrossProcesses`. It takes replies
/// as they come, from any thread, and stops at the first of "all answered"
/// (as its ``ReplyAccounting`` says), "maximum reached", "timed out" and
/// "cancelled"; ``wait(timeout:)`` returns the stop to the requester.
///
/// A reply's `notify` call (a requester's `onReply`) runs outside the lock;
/// the requester resumes only once every such call has returned, so it
/// never hears of a reply after the stop. The tasks given to
/// ``cancelOnStop(_:)`` are cancelled when the collection stops.
final class ReplyCollector<Value: Sendable, Accounting: ReplyAccounting>: Sendable {
    typealias StopReason = ReplyCollection<Value>.StopReason

    private struct State {
        var accounting: Accounting
        var arrived: [(order: Int, reply: Reply<Value>)]
        var stopReason: StopReason?
        var continuation: CheckedContinuation<StopReason, Never>?
        /// `notify` calls under way, which the requester's resumption waits for.
        var callbacks = 0
        /// Tasks to cancel once the collection stops.
        var tasks: [Task<Void, Never>] = []
        /// Why the replies' source could not go on, when it failed.
        var failure: (any Error)?
    }

    private let state: Mutex<State>
    private let maxReplies: Int

    /// A collection waiting on `accounting`, with `arrived` already in.
    init(accounting: Accounting, maxReplies: Int, arrived: [(order: Int, reply: Reply<Value>)] = []) {
        state = Mutex(State(accounting: accounting, arrived: arrived))
        self.maxReplies = maxReplies
    }

    /// The replies counted before the stop, by their order.
    var replies: [Reply<Value>] {
        state.locked { $0.arrived.sorted { $0.order < $1.order }.map(\.reply) }
    }

    /// What stopped the replies' source, if anything did.
    var failure: (any Error)? { state.locked { $0.failure } }

    /// Counts an answer from `answerer`: `reply` at `order` (nil: it ended
    /// without one). `notify` runs outside the lock for a reply counted
    /// before the stop. The stop is decided in the same critical section as
    /// the reply that causes it, so no reply slips in past the maximum.
    func record(
        _ reply: Reply<Value>?, order: Int, from answerer: Accounting.Answerer, notify: (() -> Void)? = nil
    ) {
        let counted = state.locked { state -> Bool in
            guard state.stopReason == nil else { return false }
            state.accounting.answer(from: answerer)
            if let reply { state.arrived.append((order, reply)) }
            if state.arrived.count >= maxReplies {
                state.stopReason = .maxRepliesReached
            } else if state.accounting.allSettled {
                state.stopReason = .allAnswered
            }
            if notify != nil && reply != nil { state.callbacks += 1 }
            return true
        }
        guard counted else { return }
        if reply != nil, let notify {
            notify()
            state.locked { $0.callbacks -= 1 }
        }
        resumeIfStopped()
    }

    /// Changes what the collection waits for (a responder found dead), and
    /// stops it when nobody is left to wait for.
    func updateAccounting(_ change: (inout Accounting) -> Void) {
        let changed = state.locked { state -> Bool in
            guard state.stopReason == nil else { return false }
            change(&state.accounting)
            if state.accounting.allSettled { state.stopReason = .allAnswered }
            return true
        }
        if changed { resumeIfStopped() }
    }

    /// Reads what the collection waits for; nil once it stopped.
    func accounting<T>(_ read: (Accounting) -> T) -> T? {
        state.locked { $0.stopReason == nil ? read($0.accounting) : nil }
    }

    /// Cancels `tasks` when the collection stops, or at once if it has.
    func cancelOnStop(_ tasks: [Task<Void, Never>]) {
        let stopped = state.locked { state -> Bool in
            if state.stopReason != nil { return true }
            state.tasks += tasks
            return false
        }
        if stopped { tasks.forEach { $0.cancel() } }
    }

    /// Stops for `reason` unless the collection stopped already.
    func finish(_ reason: StopReason) {
        let stopped = state.locked { state -> Bool in
            guard state.stopReason == nil else { return false }
            state.stopReason = reason
            return true
        }
        if stopped { resumeIfStopped() }
    }

    /// Stops because the replies' source cannot go on; ``failure`` says why.
    func fail(_ error: any Error) {
        state.locked { state in
            if state.stopReason == nil { state.failure = error }
        }
        finish(.cancelled)
    }

    /// Waits until the collection stops: at the latest after `timeout`, or
    /// when the waiting task is cancelled.
    func wait(timeout: Duration) async -> StopReason {
        let timer = Task { [self] in
            // Clamped: a huge timeout means "a very long time", and would
            // otherwise trap converting it to the clock's units.
            try? await Task.sleep(for: timeout.clampedForWaiting)
            if !Task.isCancelled { finish(.timedOut) }
        }
        defer { timer.cancel() }
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

    /// Once stopped, cancels the tasks, and resumes the waiting requester
    /// when no `notify` call is under way.
    private func resumeIfStopped() {
        let (tasks, resume) = state.locked { state -> ([Task<Void, Never>], (() -> Void)?) in
            guard let reason = state.stopReason else { return ([], nil) }
            let tasks = state.tasks
            state.tasks = []
            guard state.callbacks == 0, let continuation = state.continuation else { return (tasks, nil) }
            state.continuation = nil
            return (tasks, { continuation.resume(returning: reason) })
        }
        tasks.forEach { $0.cancel() }
        resume?()
    }
}
