import Dispatch
import Synchronization

/// A computation run on a thread of its own (``SystemThread``) while the
/// caller does other work; ``value()`` waits for it and returns what it
/// returned or rethrows what it threw. When no thread could be started,
/// ``value()`` runs it on the caller's.
package final class BackgroundResult<Value: Sendable>: Sendable {
    /// What the thread hands over.
    private final class Handover: Sendable {
        let outcome = Mutex<Result<Value, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
    }

    private let handover = Handover()
    /// The computation, when no thread took it.
    private let inline: (@Sendable () throws -> Value)?

    package init(_ work: @escaping @Sendable () throws -> Value) {
        let handover = handover
        let started = SystemThread.start(name: "NoticeHub background") {
            let result = Result { try work() }
            handover.outcome.withLock { $0 = result }
            handover.done.signal()
        }
        inline = started ? nil : work
    }

    /// What the computation returned, once it has.
    package func value() throws -> Value {
        if let inline { return try inline() }
        handover.done.wait()
        handover.done.signal()
        return try handover.outcome.withLock { $0! }.get()
    }
}
