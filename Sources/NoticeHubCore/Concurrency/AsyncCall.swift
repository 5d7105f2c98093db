import Dispatch
import Synchronization

/// Runs async work from a thread of NoticeHub's own (never one of the
/// concurrency runtime's, which it would hold up): the work runs as a task,
/// and the calling thread waits for it.
package enum AsyncCall {
    /// What the task hands over.
    private final class Handover<Value: Sendable>: Sendable {
        let outcome = Mutex<Result<Value, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
    }

    /// Runs `work` as a task and returns what it returned, or rethrows
    /// what it threw, once it has.
    package static func wait<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) throws -> Value {
        let handover = Handover<Value>()
        Task {
            let result: Result<Value, any Error>
            do {
                result = .success(try await work())
            } catch {
                result = .failure(error)
            }
            handover.outcome.withLock { $0 = result }
            handover.done.signal()
        }
        handover.done.wait()
        return try handover.outcome.withLock { $0! }.get()
    }
}
