import Foundation
import NoticeHub
import Synchronization

/// Collects what handlers saw, from any thread.
final class Collected<Element: Sendable>: Sendable {
    private let storage = Mutex<[Element]>([])

    func append(_ element: Element) {
        storage.locked { $0.append(element) }
    }

    var elements: [Element] { storage.locked { $0 } }
    var count: Int { storage.locked { $0.count } }
}

struct TimedOut: Error, CustomStringConvertible {
    var description: String { "the condition did not hold in time" }
}

/// Waits until `condition` holds, polling every 5 ms, or throws ``TimedOut``.
func waitUntil(timeout: TimeInterval = 10, _ condition: () -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        guard Date() < deadline else { throw TimedOut() }
        Thread.sleep(forTimeInterval: 0.005)
    }
}
