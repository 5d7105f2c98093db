import Foundation
import Synchronization

/// A computation run on a thread of its own while the caller does other
/// work; ``value()`` waits for it and returns what it returned or rethrows
/// what it threw.
final class BackgroundResult<Value: Sendable>: Sendable {
    private let outcome = Mutex<Result<Value, any Error>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(_ work: @escaping @Sendable () throws -> Value) {
        let thread = Thread { [self] in
            let result = Result { try work() }
            outcome.withLock { $0 = result }
            done.signal()
        }
        thread.start()
    }

    /// What the computation returned, once it has.
    func value() throws -> Value {
        done.wait()
        done.signal()
        return try outcome.withLock { $0! }.get()
    }
}
