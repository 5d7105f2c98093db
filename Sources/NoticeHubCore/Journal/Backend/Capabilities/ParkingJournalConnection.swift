/// A connection that keeps durable subscribers' parked notices
/// (``ParkedNotice``) and can delete a subscriber. Each method commits at
/// once, as ``JournalConnection/saveCursor(_:of:)`` does outside an append
/// transaction.
///
/// A backend without it still runs subscribers whose handlers throw: a
/// notice that exhausts its deliveries is passed over with a warning, and
/// the hub's calls on parked notices and its deletion of a subscriber throw
/// a storage error saying so.
public protocol ParkingJournalConnection: JournalConnection {
    /// Records `parked`, replacing the one of the same subscriber and
    /// sequence if there is one.
    func park(_ parked: ParkedNotice) throws
    /// `subscriber`'s parked notices in sequence order; only those whose
    /// replay was asked for when `replayRequestedOnly`.
    func parkedNotices(of subscriber: String, replayRequestedOnly: Bool) throws -> [ParkedNotice]
    /// Marks all of `subscriber`'s parked notices as asked for again;
    /// returns how many.
    func requestReplay(of subscriber: String) throws -> Int
    /// Removes `subscriber`'s parked notices numbered `sequences`, or all of
    /// them when nil; returns how many it removed.
    func removeParked(of subscriber: String, sequences: [Int64]?) throws -> Int
    /// How many notices each subscriber that has any has parked.
    func parkedCounts() throws -> [String: Int]
    /// Removes `subscriber`'s cursor and parked notices (and, on a
    /// ``SubscriberGroupJournalConnection``, its group's leases); false when
    /// it had neither cursor nor parked notices.
    func deleteSubscriber(_ subscriber: String) throws -> Bool
}
