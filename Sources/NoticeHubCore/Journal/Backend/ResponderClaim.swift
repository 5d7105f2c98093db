/// A responder's announcement, in a journal, that it answers requests of a
/// name from other processes, held from
/// ``ResponderClaimingJournal/claimResponder(_:answering:)`` until ``release()``.
///
/// Like ``SubscriberClaim``, a backend makes it something the system lets go
/// of when the process dies (a file lock for SQLite, a session's advisory
/// lock for a server database): a requester counts only the responders whose
/// claim is alive, so a dead responder is never waited for.
public protocol ResponderClaim: AnyObject, Sendable {
    /// The claim's key, as ``LiveResponder/key`` lists it: a reply names the
    /// claim of the responder that sent it by this key, in its metadata.
    var key: Int64 { get }
    /// Withdraws the announcement; idempotent.
    func release()
    /// Whether the claim still holds, as far as the process knows without
    /// asking anyone; false once released, or once a server backend's
    /// session (and the lock with it) was found lost.
    var isHeld: Bool { get }
    /// Whether the claim still holds, proved the way its backend can: a
    /// server backend makes a round trip on the claim's session, which also
    /// finds a connection that went silent (a network partition) and gives
    /// it up. A responder checks its claim this way every second and claims
    /// again when it is lost. The default answers ``isHeld``, which suits a
    /// claim the operating system keeps, such as a file lock.
    func confirmHeld() -> Bool
}

extension ResponderClaim {
    public func confirmHeld() -> Bool { isHeld }
}

/// A responder whose claim is alive: who answers, and which name or pattern.
public struct LiveResponder: Sendable, Hashable {
    /// The sender its replies carry.
    public let responder: Sender
    /// The request name or pattern it answers.
    public let name: NoticeName
    /// The claim's key in the journal: positive, and unique among live
    /// claims (a requester names the responders it asked by their keys).
    public let key: Int64

    public init(responder: Sender, name: NoticeName, key: Int64) {
        self.responder = responder
        self.name = name
        self.key = key
    }
}
