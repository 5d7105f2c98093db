/// Where a hub journals its notices: the small protocol every storage
/// backend implements. `SQLiteJournal` is the embedded default; a server
/// database (PostgreSQL) fits the same shape: connections that append in
/// transactions and read in sequence order.
///
/// What a backend can do beyond that it says by adopting more protocols,
/// each checked by the conformance suite (`NoticeJournalConformance`):
///
/// | Protocol | What it adds |
/// |---|---|
/// | ``ProjectionJournal`` with ``ProjectionJournalConnection`` | projections' SQL state, installed and rebuilt with the journal |
/// | ``TrimmingJournalConnection`` | marks, trims, retention, checkpoints |
/// | ``NameRetentionJournalConnection`` | retention by name: notices removed from among others |
/// | ``CommitCheckingJournalConnection`` | a lost commit looked up by id |
/// | ``ResponderClaimingJournal`` | requests across processes |
/// | ``RenewingClaimsJournal`` | responder claims made again after a lost session |
/// | ``CommitAnnouncingJournal`` | followers woken by commits, not only by polling |
///
/// A hub asked for what its backend does not adopt throws at the call,
/// naming the journal: ``JournalError/marksUnsupported`` for a trim,
/// ``JournalError/requestsUnsupported(location:)`` for a request across
/// processes, ``JournalError/storage(_:)`` for projections.
public protocol NoticeJournal: Sendable {
    /// A human-readable location (a path, a URL without secrets), for messages.
    var location: String { get }
    /// Opens one connection; its owner uses it from one thread at a time.
    func connect(durability: Durability) throws -> any JournalConnection
    /// A connection that only reads: for a hub's ``NoticeHub/journal``,
    /// replays and followers. The default is `connect(durability: .always)`;
    /// a backend may open a lighter one (read-only, no write settings).
    func connectForReading() throws -> any JournalConnection
    /// Claims a durable subscriber's name for the caller until the claim is
    /// released or the process ends; while it is held, claiming the same
    /// name again, in this process or another, throws
    /// ``JournalError/subscriberBusy(_:)``.
    func claimSubscriber(_ subscriber: String) throws -> any SubscriberClaim
    /// How often a follower of this journal looks for commits when nothing
    /// wakes it: often for a local file (SQLite's check reads shared
    /// memory), seldom for a server that announces commits
    /// (``CommitAnnouncingJournal``).
    var pollInterval: Duration { get }
}

extension NoticeJournal {
    /// `connect(durability: .always)`.
    public func connectForReading() throws -> any JournalConnection {
        try connect(durability: .always)
    }

    /// One millisecond: SQLite's `data_version` check is a read of shared memory.
    public var pollInterval: Duration { .milliseconds(1) }
}
