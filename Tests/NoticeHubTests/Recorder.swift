import NoticeHub
import Synchronization

/// Collects what handlers saw, from any thread.
final class Recorder<Element: Sendable>: Sendable {
    private let storage = Mutex<[Element]>([])

    func append(_ element: Element) {
        storage.locked { $0.append(element) }
    }

    var elements: [Element] { storage.locked { $0 } }
    var count: Int { storage.locked { $0.count } }
}
