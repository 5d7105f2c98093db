/// How the processes that run one durable subscriber's name share its
/// notices: ``exclusive`` (one runs it at a time, the default) or as a
/// ``group(lease:batchSize:)`` whose members each take some of them.
public struct SubscriberSharing: Sendable, Equatable {
    enum Kind: Equatable {
        case exclusive
        case group(lease: Duration, batchSize: Int)
    }

    let kind: Kind

    /// One process at a time runs the name, delivering every notice in
    /// sequence order; another that subscribes under it meanwhile is
    /// refused with ``JournalError/subscriberBusy(_:)``.
    public static let exclusive = SubscriberSharing(kind: .exclusive)

    /// Any number of processes run the name as members of a group, on one
    /// host or several: each notice goes to one member, which takes it with
    /// up to `batchSize - 1` others and holds them for `lease`, renewed
    /// between notices while the batch runs. A member that has not handled
    /// a notice when its lease runs out (it died, was cut off, or spent
    /// longer than the lease on one notice) loses it to the next member that
    /// looks, within a second: so each notice is handled at least once, and
    /// one whose member died mid-batch may be handled twice. Members
    /// keep no order between them; each hands its own notices over in
    /// sequence order. A lease under 0.1 s counts as 0.1 s, a batch under 1
    /// as 1.
    ///
    /// A name runs either exclusively or as a group: a member is refused
    /// while an exclusive subscriber runs under the name, and an exclusive
    /// subscriber once the name is a group's, until
    /// ``HubJournal/deleteSubscriber(_:)``.
    public static func group(lease: Duration = .seconds(30), batchSize: Int = 16) -> SubscriberSharing {
        SubscriberSharing(kind: .group(lease: max(lease, .milliseconds(100)), batchSize: max(1, batchSize)))
    }
}
