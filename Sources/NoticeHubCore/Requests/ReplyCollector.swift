import Synchronization

/// One collection of replies, in process or across processes: the state
/// machine behind `collect` and `collectAcrossProcesses`. It takes replies
/// as they come, from any thread, and stops at the first of "all answered"
/// (as its ``ReplyAccounting`` says), "maximum reached", "timed out" and
/// "cancelled"; ``wait(timeout:)`` returns the stop to the
/// requester.
///
/// A reply's `notify` call (a requester's `onReply`) runs outside the lock;
/// the requester resumes only once every such call has returned, so it
/// never hears of a reply after the stop. The tasks the collection waits on
/// are cancelled when it stops.
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
        // A closure, not the key path `\.reply`: a key path into a generic
        // tuple is made at run time, on every call.
        state.locked { $0.arrived.sorted { $0.order < $1.order }.map { $0.reply } }
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
        let notifying = reply != nil && notify != nil
        let outcome = state.locked { state -> CollectionStep in
            guard state.stopReason == nil else { return .ignored }
            state.accounting.answer(from: answerer)
            if let reply { state.arrived.append((order, reply)) }
            if state.arrived.count >= maxReplies {
                state.stopReason = .maxRepliesReached
            } else if state.accounting.allSettled {
                state.stopReason = .allAnswered
            }
            if notifying { state.callbacks += 1 }
            return .went(Self.stopWork(&state))
        }
        guard case .went(let stop) = outcome else { return }
        stop?.complete()
        guard notifying, let notify else { return }
        notify()
        state.locked { state -> CollectionStop? in
            state.callbacks -= 1
            return Self.stopWork(&state)
        }?.complete()
    }

    /// Changes what the collection waits for (a responder found dead), and
    /// stops it when nobody is left to wait for.
    func updateAccounting(_ change: (inout Accounting) -> Void) {
        state.locked { state -> CollectionStop? in
            guard state.stopReason == nil else { return nil }
            change(&state.accounting)
            if state.accounting.allSettled { state.stopReason = .allAnswered }
            return Self.stopWork(&state)
        }?.complete()
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
        state.locked { state -> CollectionStop? in
            guard state.stopReason == nil else { return nil }
            state.stopReason = reason
            return Self.stopWork(&state)
        }?.complete()
    }

    /// Stops because the replies' source cannot go on; ``failure`` says why.
    func fail(_ error: any Error) {
        state.locked { state in
            if state.stopReason == nil { state.failure = error }
        }
        finish(.cancelled)
    }

    /// Whether the collection has stopped.
    var hasStopped: Bool { state.locked { $0.stopReason != nil } }

    /// Waits until the collection stops: at the latest after `timeout`, or
    /// when the waiting task is cancelled. A collection that stopped before
    /// the wait, with no `notify` call under way, returns at once, without
    /// suspending or setting a timer; otherwise a timer task starts, and is
    /// cancelled at the stop with the tasks given to ``cancelOnStop(_:)``.
    func wait(timeout: Duration) async -> StopReason {
        if let reason = state.locked({ $0.callbacks == 0 ? $0.stopReason : nil }) {
            return reason
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let step = state.locked { state -> CollectionStep in
                    state.continuation = continuation
                    guard state.stopReason != nil else { return .ignored }
                    return .went(Self.stopWork(&state))
                }
                if case .went(let stop) = step {
                    stop?.complete()
                    return
                }
                let timer = Task { [self] in
                    // Clamped: a huge timeout means "a very long time", and
                    // would otherwise trap converting it to the clock's units.
                    try? await Task.sleep(for: timeout.clampedForWaiting)
                    if !Task.isCancelled { finish(.timedOut) }
                }
                cancelOnStop([timer])
            }
        } onCancel: {
            finish(.cancelled)
        }
    }

    /// Once the collection stopped: the tasks to cancel (taken once), and
    /// the requester's resumption when it waits and no `notify` is under way.
    private static func stopWork(_ state: inout State) -> CollectionStop? {
        guard let reason = state.stopReason else { return nil }
        let tasks = state.tasks
        state.tasks = []
        var resume: (() -> Void)?
        if state.callbacks == 0, let continuation = state.continuation {
            state.continuation = nil
            resume = { continuation.resume(returning: reason) }
        }
        return tasks.isEmpty && resume == nil ? nil : CollectionStop(tasks: tasks, resume: resume)
    }
}

// Outside the generic class, so that each use on the hot path needs no
// generic metadata made at run time.

/// What is left to do, outside the lock, once a collection stopped.
private struct CollectionStop {
    let tasks: [Task<Void, Never>]
    let resume: (() -> Void)?

    func complete() {
        tasks.forEach { $0.cancel() }
        resume?()
    }
}

/// What a step under the lock came to: nothing (the collection had
/// stopped, or for the requester, had not), or a change with the stop's
/// work, if any.
private enum CollectionStep {
    case ignored
    case went(CollectionStop?)
}
