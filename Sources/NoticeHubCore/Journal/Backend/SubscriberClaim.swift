/// A journal's promise that one durable subscriber name runs in one place
/// only, held from ``NoticeJournal/claimSubscriber(_:)`` until ``release()``.
///
/// A backend makes it something the system lets go of when the process
/// dies (a file lock for SQLite, a session's advisory lock for a server
/// database), so a crashed subscriber never blocks its successor.
public protocol SubscriberClaim: AnyObject, Sendable {
    /// Gives the name up; idempotent.
    func release()

    /// The connection the subscriber is to read and save its cursor
    /// through, handed over once; nil when any connection will do. A server
    /// backend hands the claim's own session, so that a holder whose session
    /// was lost (and with it the claim) can neither deliver nor save a
    /// cursor after its successor has taken over.
    func takeConnection() -> (any JournalConnection)?
}

extension SubscriberClaim {
    /// Nil: the subscriber opens a connection of its own.
    public func takeConnection() -> (any JournalConnection)? { nil }
}
