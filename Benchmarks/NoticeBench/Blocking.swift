import Foundation
import Synchronization

/// Runs asynchronous work to completion from synchronous code, such as a
/// command's `run()` on the main thread: the calling thread waits, and no
/// thread of the task pool is held up. On the main thread it waits in the
/// main run loop, which keeps serving the main queue and so the main actor:
/// the workloads that deliver there need it.
public enum Blocking {
    public static func value<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let outcome = Mutex<Result<T, any Error>?>(nil)
        let finished = DispatchSemaphore(value: 0)
        let onMainThread = Thread.isMainThread
        Task {
            do {
                let value = try await body()
                outcome.withLock { $0 = .success(value) }
            } catch {
                outcome.withLock { $0 = .failure(error) }
            }
            finished.signal()
            // Wakes the main run loop, which then finds the outcome.
            if onMainThread { DispatchQueue.main.async {} }
        }
        if onMainThread {
            while outcome.withLock({ $0 == nil }) {
                _ = RunLoop.main.run(mode: .default, before: .distantFuture)
            }
        } else {
            finished.wait()
        }
        return try outcome.withLock { $0 }!.get()
    }
}
