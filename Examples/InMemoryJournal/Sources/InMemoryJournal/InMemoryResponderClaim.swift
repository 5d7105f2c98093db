public import NoticeHub

/// A responder's announcement in an ``InMemoryStorage``, from
/// ``InMemoryJournal/claimResponder(_:answering:)`` until ``release()``.
///
/// The storage keeps the announcement under the claim's ``key`` and whether
/// it holds; ``abandon()`` ends it as the death of the holding process would
/// end a file lock, for tests of what requesters do then.
public final class InMemoryResponderClaim: ResponderClaim {
    /// The claim's key, as ``InMemoryJournal/liveResponders()`` lists it.
    public let key: Int64
    private let storage: InMemoryStorage

    init(key: Int64, in storage: InMemoryStorage) {
        self.key = key
        self.storage = storage
    }

    deinit { release() }

    /// Withdraws the announcement; idempotent. A claim abandoned first
    /// leaves its announcement for the next listing to delete.
    public func release() {
        storage.releaseResponder(key)
    }

    /// Whether the claim holds: false once released or abandoned.
    public var isHeld: Bool { storage.isResponderAlive(key) }

    /// Ends the claim and leaves its announcement behind, as the holder's
    /// death would: requesters stop waiting for it, and the next
    /// ``InMemoryJournal/liveResponders()`` deletes it.
    public func abandon() {
        storage.abandonResponder(key)
    }
}
