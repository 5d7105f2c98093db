/// A responder's announcement, in a journal, that it answers requests of a
/// name from other processes, held from
/// ``NoticeJournal/claimResponder(_:answering:)`` until ``release()``.
///
/// Like ``SubscriberClaim``, a backend makes it something the system lets go
/// of when the process dies (a file lock for SQLite, a session's advisory
/// lock for a server database): a requester counts only the responders whose
/// claim is alive, so a dead responder is never waited for.
public protocol ResponderClaim: AnyObject, Sendable {
    /// Withdraws the announcement; idempotent.
    func release()
    /// Whether the claim still holds; false once released, or once a server
    /// backend's session (and the lock with it) was lost.
    var isHeld: Bool { get }
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
