public import NoticeHub

/// A journal kept in memory: a ``NoticeJournal`` over an ``InMemoryStorage``,
/// written outside NoticeHub with its public API only.
///
/// Each journal object stands for a process opening the storage; make
/// several over one storage for hubs that follow each other, share durable
/// subscribers' names and answer each other's requests. Notices last as long
/// as the storage does; every ``Durability`` is as safe as memory is.
///
/// ```swift
/// let hub = try NoticeHub(journal: InMemoryJournal())
/// try hub.post("order.placed", sender: "shop")
/// ```
///
/// It adopts the core contract, ``CommitAnnouncingJournal`` and
/// ``ResponderClaimingJournal``. It keeps no SQL state (it is not a
/// ``ProjectionJournal``), so a hub on it carries no projections: opening
/// one that does fails with ``JournalError/storage(_:)``.
public final class InMemoryJournal: CommitAnnouncingJournal {
    /// Where the notices live; another ``InMemoryJournal`` over it is another
    /// process's view of the same journal.
    public let storage: InMemoryStorage

    /// A journal object over `storage` (a new, empty one by default).
    public init(_ storage: InMemoryStorage = InMemoryStorage()) {
        self.storage = storage
    }

    /// The storage's location, `memory:<name>`.
    public var location: String { storage.location }

    /// A connection of its own; `durability` changes nothing in memory.
    public func connect(durability: Durability) throws -> any JournalConnection {
        InMemoryJournalConnection(storage)
    }

    /// Holds `subscriber`'s name across every journal object of the storage
    /// until released, or throws ``JournalError/subscriberBusy(_:)`` at once.
    public func claimSubscriber(_ subscriber: String) throws -> any SubscriberClaim {
        try storage.claimSubscriber(subscriber)
        return InMemorySubscriberClaim(subscriber, in: storage)
    }

    /// Fifty milliseconds: a safety net, since commits wake followers
    /// (``watchCommits(_:)``) as they happen.
    public var pollInterval: Duration { .milliseconds(50) }

    /// Calls `wake` after each commit that adds notices, from any journal
    /// object of the storage, until the watch is cancelled.
    public func watchCommits(_ wake: @escaping @Sendable () -> Void) -> (any CommitWatch)? {
        InMemoryCommitWatch(wake, on: storage)
    }
}
