import Synchronization

/// The deliveries a hub has handed to observers that run later, elsewhere:
/// isolated observers (the main actor, an actor, a queue) and asynchronous
/// ones. A delivery counts from when the post hands it over until its
/// handler has returned, or it is dropped (a full buffer, a cancelled
/// observer).
///
/// What it is for: a test that posts or replays, then waits until those
/// colleagues have caught up, without sleeping (``settled()``).
package final class PendingDeliveries: Sendable {
    /// Handed over and not yet run: an atomic, so that a delivery costs no
    /// lock unless a test waits.
    private let pending = Atomic<Int>(0)
    /// Those waiting in ``settled()``.
    private let waiters = Mutex<[CheckedContinuation<Void, Never>]>([])

    package init() {}

    /// `count` more deliveries were handed over.
    func add(_ count: Int = 1) {
        pending.add(count, ordering: .relaxed)
    }

    /// `count` deliveries ran or were dropped.
    func remove(_ count: Int = 1) {
        guard count > 0 else { return }
        let (_, left) = pending.subtract(count, ordering: .acquiringAndReleasing)
        guard left == 0 else { return }
        let waiting = waiters.locked { waiters -> [CheckedContinuation<Void, Never>] in
            // Another delivery may have been handed over since.
            guard pending.load(ordering: .acquiring) == 0 else { return [] }
            defer { waiters.removeAll() }
            return waiters
        }
        for waiter in waiting { waiter.resume() }
    }

    /// Deliveries handed over and not yet run.
    package var count: Int { pending.load(ordering: .acquiring) }

    /// Returns once no delivery is pending: at once if none is. Deliveries
    /// handed over meanwhile (by a handler that posts, say) are waited for
    /// too.
    package func settled() async {
        await withCheckedContinuation { continuation in
            // Read under the lock that ``remove(_:)`` takes once the count
            // reaches zero: either it sees this waiter, or this sees zero.
            let now = waiters.locked { waiters -> Bool in
                if pending.load(ordering: .acquiring) == 0 { return true }
                waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }
}
