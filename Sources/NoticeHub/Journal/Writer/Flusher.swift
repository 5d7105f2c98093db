import Foundation

/// The thread that commits a batched writer's open transaction when it is
/// due: it sleeps until the deadline of the transaction open now (woken
/// when one opens), so a notice waits at most `maxDelay`, plus scheduling
/// slack, before its commit; with no transaction open it sleeps until one
/// opens.
///
/// It holds its writer weakly and waits on its own condition, so a writer
/// nobody uses can go away (and its deinit close it) while the thread sleeps.
///
/// `@unchecked Sendable`: `deadline` and `stopped` are guarded by `condition`.
final class Flusher: @unchecked Sendable {
    private let condition = NSCondition()
    private var deadline: ContinuousClock.Instant?
    private var stopped = false

    /// Starts the thread; `flush` commits what is due, and returns false
    /// once the writer is gone. Nil when the system could not start a
    /// thread: the writer then commits each append at once.
    init?(flush: @escaping @Sendable () -> Bool) {
        guard SystemThread.start(name: "NoticeHub journal flusher", { [self] in self.run(flush) }) else { return nil }
    }

    /// A transaction opened that must be committed by `deadline`. Call with
    /// the writer's lock held, so deadlines arrive in the order their
    /// transactions opened.
    func commit(by deadline: ContinuousClock.Instant) {
        condition.lock()
        self.deadline = deadline
        condition.signal()
        condition.unlock()
    }

    /// Ends the thread (it may finish a flush under way first).
    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    private func run(_ flush: @Sendable () -> Bool) {
        condition.lock()
        defer { condition.unlock() }
        while !stopped {
            guard let due = deadline else {
                condition.wait()
                continue
            }
            // The deadline is on the monotonic clock; each wait converts what
            // is left of it, so a step of the wall clock cannot stretch it.
            let left = ContinuousClock.now.duration(to: due)
            if left > .zero {
                _ = condition.wait(until: Date().addingTimeInterval(left.seconds))
                continue
            }
            deadline = nil
            condition.unlock()
            let alive = flush()
            condition.lock()
            if !alive { return }
        }
    }
}
