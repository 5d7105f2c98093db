/// A connection on which a group of processes runs one durable subscriber's
/// name (``SubscriberSharing/group(lease:batchSize:)``): each notice is
/// leased to one member until that member has handled it, and a lease that
/// runs out (its member died, or was cut off) lets another member take the
/// notice. Each method commits at once.
///
/// A group's cursor (``JournalConnection/cursor(of:)``) is the last notice
/// handed out to a member, not the last one handled.
public protocol SubscriberGroupJournalConnection: JournalConnection {
    /// Makes `subscriber` a group's name, creating its cursor at 0 if it
    /// has none.
    func markGroup(_ subscriber: String) throws
    /// Whether `subscriber` is a group's name.
    func isGroup(_ subscriber: String) throws -> Bool
    /// In one transaction: moves the group's cursor from `cursor` to
    /// `newCursor` and leases the notices numbered `sequences` (all in
    /// that range) to `member` for `lease`. False, changing nothing, when
    /// the cursor was no longer `cursor`: another member moved it first.
    func lease(
        _ sequences: [Int64], of subscriber: String, to member: String, for lease: Duration,
        movingCursorFrom cursor: Int64, to newCursor: Int64
    ) throws -> Bool
    /// Leases to `member` for `lease`, in sequence order, up to `limit` of
    /// the group's notices whose lease has run out; returns their numbers
    /// and how many times each has been taken, this time included.
    func takeExpiredLeases(of subscriber: String, to member: String, for lease: Duration, limit: Int) throws
        -> [(sequence: Int64, takes: Int)]
    /// Ends `member`'s leases of the notices numbered `sequences`, which it
    /// has handled (or parked). A lease another member has taken since is
    /// left to it.
    func endLeases(_ sequences: [Int64], of subscriber: String, member: String) throws
    /// Makes `member`'s leases of the notices numbered `sequences` run out
    /// `duration` from now: the lease again for the notices of a slow
    /// batch, `.zero` for those a stopping member gives back, which any
    /// member may then take.
    func extendLeases(_ sequences: [Int64], of subscriber: String, member: String, by duration: Duration) throws
    /// Takes the replay of `subscriber`'s parked notice numbered
    /// `sequence`, asked for by ``HubJournal/replayParked(of:)``: true for
    /// the one member whose call cleared the request, which then hands the
    /// notice over (and unparks it once handled).
    func takeReplay(of subscriber: String, sequence: Int64) throws -> Bool
    /// How many leases each member of `subscriber`'s group holds.
    func leaseCounts(of subscriber: String) throws -> [String: Int]
}
