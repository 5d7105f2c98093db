import Synchronization

/// Gathers the replies of one asynchronous collection from its asynchronous
/// responders, after the synchronous ones answered.
///
/// Each responder runs in its own task and reports here; the first of "all
/// answered", "maximum reached", "timed out" or "cancelled" resumes the
/// requester. Unstructured tasks rather than a task group, because a group
/// would make the requester wait for responders that ignore cancellation.
final class ReplyGatherer<Value: Sendable>: Sendable {
    private struct State {
        var arrived: [(order: Int, reply: Reply<Value>)] = []
        var answered = 0
        var stopReason: ReplyCollection<Value>.StopReason?
        var continuation: CheckedContinuation<ReplyCollection<Value>.StopReason, Never>?
        var tasks: [Task<Void, Never>] = []
    }

    private let asked: Int
    private let maxReplies: Int
    private let state: Mutex<State>

    /// `answered` responders have answered already, giving `arrived`.
    init(asked: Int, maxReplies: Int, answered: Int, arrived: [(order: Int, reply: Reply<Value>)]) {
        self.asked = asked
        self.maxReplies = maxReplies
        state = Mutex(State(arrived: arrived, answered: answered))
    }

    /// The replies that arrived before the stop, in registration order.
    var replies: [Reply<Value>] {
        state.locked { $0.arrived.sorted { $0.order < $1.order }.map { $0.reply } }
    }

    /// Asks the asynchronous responders `waiting`, each at its place in
    /// registration order, and returns once the collection stops.
    func run(
        _ waiting: [(order: Int, registration: Registration)], notice: Notice, timeout: Duration
    ) async -> ReplyCollection<Value>.StopReason {
        await withCheckedContinuation { continuation in
            let stopped = state.locked { state -> Bool in
                if state.stopReason != nil { return true }
                state.continuation = continuation
                return false
            }
            if stopped {
                continuation.resume(returning: state.locked { $0.stopReason! })
                return
            }
            var tasks: [Task<Void, Never>] = []
            for (order, registration) in waiting {
                tasks.append(
                    Task { [self] in
                        guard let answer = await Self.answer(registration, notice) else {
                            self.record(order: order, reply: nil)
                            return
                        }
                        self.record(order: order, reply: registration.reply(answer, as: Value.self))
                    })
            }
            tasks.append(
                Task { [self] in
                    // Clamped: a huge timeout means "a very long time", and
                    // would otherwise trap converting it to the clock's units.
                    try? await Task.sleep(for: timeout.clampedForWaiting)
                    if !Task.isCancelled { self.finish(.timedOut) }
                })
            let cancelNow = state.locked { state -> Bool in
                state.tasks = tasks
                return state.stopReason != nil
            }
            if cancelNow { tasks.forEach { $0.cancel() } }
        }
    }

    /// An asynchronous responder's answer; nil when it was cancelled before
    /// it could answer.
    private static func answer(
        _ registration: Registration, _ notice: Notice
    ) async -> Result<any Sendable, any Error>? {
        guard !registration.isCancelled else { return nil }
        guard case .async(let respond) = registration.handler(as: Responder.self) else {
            preconditionFailure("synchronous responders answer before the gatherer runs")
        }
        do {
            return .success(try await respond(notice))
        } catch {
            return .failure(error)
        }
    }

    private func record(order: Int, reply: Reply<Value>?) {
        // The stop is decided and taken in the same critical section as the
        // reply that causes it, so no reply can slip in past the maximum.
        let stop = state.locked { state -> Stop? in
            guard state.stopReason == nil else { return nil }
            state.answered += 1
            if let reply { state.arrived.append((order, reply)) }
            if state.arrived.count >= maxReplies { return Self.stop(.maxRepliesReached, &state) }
            if state.answered == asked { return Self.stop(.allAnswered, &state) }
            return nil
        }
        stop?.complete()
    }

    /// Stops the collection for `reason` unless it already stopped.
    func finish(_ reason: ReplyCollection<Value>.StopReason) {
        let stop = state.locked { state -> Stop? in
            guard state.stopReason == nil else { return nil }
            return Self.stop(reason, &state)
        }
        stop?.complete()
    }

    /// What is left to do, outside the lock, once a collection has stopped.
    private struct Stop {
        let reason: ReplyCollection<Value>.StopReason
        let continuation: CheckedContinuation<ReplyCollection<Value>.StopReason, Never>?
        let tasks: [Task<Void, Never>]

        func complete() {
            tasks.forEach { $0.cancel() }
            continuation?.resume(returning: reason)
        }
    }

    /// Marks the collection stopped; the caller must have checked it was not.
    private static func stop(_ reason: ReplyCollection<Value>.StopReason, _ state: inout State) -> Stop {
        state.stopReason = reason
        defer { state.continuation = nil; state.tasks = [] }
        return Stop(reason: reason, continuation: state.continuation, tasks: state.tasks)
    }
}
