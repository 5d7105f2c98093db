import Synchronization

/// Commits a batched writer's open transaction when it is due, from a
/// ``BackgroundWorker``: it rests until the deadline of the transaction open
/// now (woken when one opens), so a notice waits at most `maxDelay`, plus
/// scheduling slack, before its commit; with no transaction open it rests
/// until one opens.
///
/// The `flush` it is given holds its writer weakly, so a writer nobody uses
/// can go away (and its deinit close it) while the worker rests.
final class Flusher: Sendable {
    private let deadline: Deadline
    private let worker: BackgroundWorker

    /// The deadline of the transaction open now, shared with the worker's step.
    private final class Deadline: Sendable {
        let due = Mutex<ContinuousClock.Instant?>(nil)
    }

    /// Starts the worker; `flush` commits what is due, and returns false
    /// once the writer is gone. Nil when the system could not start a
    /// thread: the writer then commits each append at once.
    init?(flush: @escaping @Sendable () -> Bool) {
        let deadline = Deadline()
        guard
            let worker = BackgroundWorker(
                name: "NoticeHub journal flusher",
                {
                    guard let due = deadline.due.locked({ $0 }) else { return .whenWoken }
                    let left = ContinuousClock.now.duration(to: due)
                    guard left <= .zero else { return .after(left) }
                    deadline.due.locked { $0 = nil }
                    return flush() ? .now : .stop
                })
        else { return nil }
        self.deadline = deadline
        self.worker = worker
    }

    /// A transaction opened that must be committed by `deadline`. Call with
    /// the writer's lock held, so deadlines arrive in the order their
    /// transactions opened.
    func commit(by due: ContinuousClock.Instant) {
        deadline.due.locked { $0 = due }
        worker.wake()
    }

    /// Ends the worker (it may finish a flush under way first).
    func stop() {
        worker.stop()
    }
}
