/// A journal's promise that one durable subscriber name runs in one place
/// only, held from ``NoticeJournal/claimSubscriber(_:)`` until ``release()``.
///
/// A backend makes it something the system lets go of when the process
/// dies (a file lock for SQLite, a session's advisory lock for a server
/// database), so a crashed subscriber never blocks its successor.
public protocol SubscriberClaim: AnyObject, Sendable {
    /// Gives the name up; idempotent.
    func release()
}
