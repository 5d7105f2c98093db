/// What a backend can do beyond the journal itself; each conformance check
/// says what it needs. ``ConformanceBackend`` reads them from the protocols
/// the backend adopts (``ProjectionJournal``, ``TrimmingJournalConnection``,
/// …) and from its ``JournalPlace``.
public struct BackendCapabilities: OptionSet, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Projections: a ``ProjectionStore`` that runs SQL inside the append
    /// transaction, and the registry of installed projections.
    /// (``ProjectionJournal``, ``ProjectionJournalConnection``)
    public static let projections = BackendCapabilities(rawValue: 1 << 0)
    /// SQL run behind the hub's back (``JournalPlace/runSQL(_:)``), as a
    /// user tampering with the storage would: for the checks of what the
    /// hub does with rows it did not write.
    public static let behindTheBackSQL = BackendCapabilities(rawValue: 1 << 1)

    /// Commits announced to followers
    /// (``CommitAnnouncingJournal/watchCommits(_:)``, answering a watch),
    /// which then see them before their next poll.
    public static let commitAnnouncements = BackendCapabilities(rawValue: 1 << 2)

    /// Durable commits that wait for storage (a sync to disk, a server's
    /// flush), during which other posters queue and then share the next
    /// commit. A backend whose commits are instant (in memory) may commit
    /// every notice alone, and is not asked to share.
    public static let durableCommitsTakeTime = BackendCapabilities(rawValue: 1 << 3)

    /// Trims (``HubJournal/trim(through:leavingSubscribersBehind:leavingProjectionsBehind:batchSize:progress:)``):
    /// the ``JournalMark``s, removing the oldest notices, and reads that
    /// refuse to start below the first retained one
    /// (``TrimmingJournalConnection``).
    public static let trimming = BackendCapabilities(rawValue: 1 << 4)

    /// Responder claims that can be lost while their responder lives (a
    /// server's session ended) and are made again under the same key
    /// (``RenewingClaimsJournal/claimResponder(_:answering:reusing:)``), which a
    /// requester waits for during ``RenewingClaimsJournal/claimRenewalGrace``.
    public static let renewedClaims = BackendCapabilities(rawValue: 1 << 5)

    /// Retention by name (``RetentionPolicy/byName``): rules kept in the
    /// journal, notices removed from among others
    /// (``NameRetentionJournalConnection/removeNotices(named:through:limit:)``),
    /// and the numbers they leave recorded for the journal's check.
    public static let retentionByName = BackendCapabilities(rawValue: 1 << 6)

    /// Requests across processes: responders' claims, and the live ones
    /// listed (``ResponderClaimingJournal``).
    public static let requests = BackendCapabilities(rawValue: 1 << 7)

    /// Durable subscribers' parked notices, and subscribers deleted
    /// (``ParkingJournalConnection``).
    public static let parking = BackendCapabilities(rawValue: 1 << 8)

    /// Durable subscribers' cursors reset while they run
    /// (``CursorResettingJournalConnection``).
    public static let cursorResets = BackendCapabilities(rawValue: 1 << 9)

    /// Durable subscribers run by groups of processes
    /// (``SubscriberGroupJournalConnection``).
    public static let groups = BackendCapabilities(rawValue: 1 << 10)

    /// Erasure of one key (``HubJournal/erase(_:names:)``): notices deleted
    /// by a payload field's value, their numbers recorded as erased
    /// (``ErasingJournalConnection``).
    public static let erasure = BackendCapabilities(rawValue: 1 << 11)

    /// Everything a backend can do.
    public static let all: BackendCapabilities = [
        .projections, .behindTheBackSQL, .commitAnnouncements, .durableCommitsTakeTime, .trimming, .renewedClaims,
        .retentionByName, .requests, .parking, .cursorResets, .groups, .erasure,
    ]
}
