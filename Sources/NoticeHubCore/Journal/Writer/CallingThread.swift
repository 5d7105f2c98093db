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
    /// The marked thread's identity; 0 for none. Relaxed ordering suffices:
    /// a thread compares it only with itself, and always sees its own stores.
    private let thread = Atomic<UInt>(0)

    /// Runs `body` marked as the writer's calling thread.
    func calling<T>(_ body: () throws -> T) rethrows -> T {
        let outer = thread.exchange(Self.current, ordering: .relaxed)
        defer { thread.store(outer, ordering: .relaxed) }
        return try body()
    }

    /// True on the thread that runs the writer's calls into user code now:
    /// one atomic load, as every post asks.
    var isCurrent: Bool {
        thread.load(ordering: .relaxed) == Self.current
    }

    private static var current: UInt {
        #if canImport(Darwin)
            UInt(bitPattern: pthread_self())
        #else
            UInt(pthread_self())
        #endif
    }
}
