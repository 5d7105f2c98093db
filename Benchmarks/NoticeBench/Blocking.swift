import Foundation
import Synchronization

/// Runs asynchronous work to completion from synchronous code, such as a
/// command's `run()` on the main thread: the calling thread waits, and no
/// thread of the task pool is held up.
public enum Blocking {
    public static func value<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let outcome = Mutex<Result<T, any Error>?>(nil)
        let finished = DispatchSemaphore(value: 0)
        Task {
            do {
                let value = try await body()
                outcome.withLock { $0 = .success(value) }
            } catch {
                outcome.withLock { $0 = .failure(error) }
            }
            finished.signal()
        }
        finished.wait()
        return try outcome.withLock { $0 }!.get()
    }
}
