#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The thread on which a ``JournalWriter`` is calling user code (a
/// projection's `apply`, an import's body and its progress callback) while
/// it holds its lock or leads a commit.
///
/// That code must not write through the same writer: the lock is not
/// re-entrant and a durable post would wait for the commit its own thread
/// leads, so either would wait forever. The writer asks ``isCurrent`` first
/// and refuses such a call with ``JournalError/reentrant``.
final class CallingThread: Sendable {
    private let thread = Mutex<pthread_t?>(nil)

    /// Runs `body` marked as the writer's calling thread.
    func calling<T>(_ body: () throws -> T) rethrows -> T {
        let outer = thread.locked { id in
            defer { id = pthread_self() }
            return id
        }
        defer { thread.locked { $0 = outer } }
        return try body()
    }

    /// True on the thread that runs the writer's calls into user code now.
    var isCurrent: Bool {
        thread.locked { id in id.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }
}
