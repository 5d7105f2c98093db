import Dispatch
import NoticeHub

/// One append transaction at a time across every journal object of a
/// storage, as SQLite's `BEGIN IMMEDIATE` takes a file's write lock: held
/// from ``JournalConnection/beginAppending()`` until the commit or rollback,
/// which may run on another thread (a batched hub's flusher). A semaphore,
/// since a mutex is released only by the thread that locked it.
///
/// Holding it is what keeps sequence numbers gapless: a transaction numbers
/// its notices after the last committed one, and nobody else commits meanwhile.
final class WriteLock: Sendable {
    /// How long a writer waits for another's transaction before giving up:
    /// long, because appenders queue rather than fail (SQLite's busy timeout).
    static let timeoutSeconds = 60

    private let semaphore = DispatchSemaphore(value: 1)

    /// Takes the lock, or throws ``JournalError/storage(_:)`` after waiting
    /// ``timeoutSeconds``.
    func acquire(location: String) throws(JournalError) {
        guard semaphore.wait(timeout: .now() + .seconds(Self.timeoutSeconds)) == .success else {
            throw .storage(
                "\(location): another append transaction held the write lock for \(Self.timeoutSeconds) seconds")
        }
    }

    /// Lets the next writer in.
    func release() {
        semaphore.signal()
    }
}
