import Synchronization

/// What handlers on any thread saw, in the order they appended it: the one
/// collector the test targets share.
public final class Seen<Element: Sendable>: Sendable {
    private let items = Mutex<[Element]>([])

    public init() {}

    public func append(_ item: Element) { items.withLock { $0.append(item) } }

    /// Everything appended so far.
    public var all: [Element] { items.withLock { $0 } }
}
