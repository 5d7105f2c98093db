import CSQLite
import Foundation

/// How a connection waits for a lock another connection holds: tries again
/// every 100 µs at first, then every 500 µs, then every 2 ms, until `limit`
/// has passed since the first try.
///
/// SQLite's own busy timeout sleeps 1, 2, 5, 10 … up to 100 ms between
/// tries. A writer in another process holds the lock for one commit (a sync,
/// a few hundred microseconds) and takes it again at once, so a waiter that
/// sleeps milliseconds keeps missing the moments it is free: a trim's batch
/// waited about 45 ms for each turn behind one durable poster.
final class BusyWait {
    let limit: Duration
    private var firstTry = ContinuousClock.now

    init(limit: Duration) {
        self.limit = limit
    }

    /// Whether to try again after the `attempt`th busy answer (from 0),
    /// having slept before it.
    func shouldRetry(attempt: Int) -> Bool {
        if attempt == 0 { firstTry = .now }
        guard ContinuousClock.now - firstTry < limit else { return false }
        usleep(attempt < 50 ? 100 : attempt < 250 ? 500 : 2_000)
        return true
    }

    /// The handler SQLite calls with the `BusyWait` it was registered with.
    static let handler: @convention(c) (UnsafeMutableRawPointer?, Int32) -> Int32 = { context, attempt in
        guard let context else { return 0 }
        return Unmanaged<BusyWait>.fromOpaque(context).takeUnretainedValue().shouldRetry(attempt: Int(attempt))
            ? 1 : 0
    }
}
