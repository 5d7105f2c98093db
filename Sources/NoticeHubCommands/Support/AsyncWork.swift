import Foundation
import Synchronization

/// Runs asynchronous work to completion from a command's `run()`, which
/// ArgumentParser calls on the main thread outside any task: the thread
/// waits, and no thread of the task pool is held up.
package enum AsyncWork {
    package static func wait(_ body: @escaping @Sendable () async throws -> Void) throws {
        let failure = Mutex<(any Error)?>(nil)
        let finished = DispatchSemaphore(value: 0)
        Task {
            do {
                try await body()
            } catch {
                failure.withLock { $0 = error }
            }
            finished.signal()
        }
        finished.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// `wait(_:)` for work that returns a value.
    package static func value<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let result = Mutex<T?>(nil)
        try wait {
            let value = try await body(); result.withLock { $0 = value }
        }
        return result.withLock { $0 }!
    }
}
