import Foundation
import NoticeHub
import Synchronization

/// Collects what handlers saw, from any thread (for this package's tests too).
package final class Collected<Element: Sendable>: Sendable {
    private let storage = Mutex<[Element]>([])

    package init() {}

    package func append(_ element: Element) {
        storage.locked { $0.append(element) }
    }

    package var elements: [Element] { storage.locked { $0 } }
    package var count: Int { storage.locked { $0.count } }
}

struct TimedOut: Error, CustomStringConvertible {
    var description: String { "the condition did not hold in time" }
}

/// Waits until `condition` holds, polling every 5 ms, or throws ``TimedOut``.
package func waitUntil(timeout: Double = 10, _ condition: () -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        guard Date() < deadline else { throw TimedOut() }
        Thread.sleep(forTimeInterval: 0.005)
    }
}

extension DispatchSemaphore {
    /// Waits for a signal without holding a thread of the concurrency
    /// runtime, which has only as many as the processors: the task that is
    /// to bring the signal about may need one of them to go on.
    package func waitOffTaskThreads() async {
        _ = try? await BlockingCall.run { self.wait() }
    }
}
