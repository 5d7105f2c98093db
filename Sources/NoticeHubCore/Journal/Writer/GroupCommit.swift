#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import Logging
import Synchronization

/// Durable appends (``Durability/always``) by group commit.
///
/// A poster queues its notice; if no commit is under way it becomes the
/// leader: it opens a transaction, appends the queued notices and those that
/// arrive while it waits briefly for companions, and commits (one fsync for
/// the lot); the others wait for the leader and return when their notice is
/// durable. While commits are fast, waiting threads yield the processor for
/// a moment before they sleep (see ``yieldLimit``).
///
/// Thread safety: every mutable field is guarded by the shared
/// `condition`, except what a leader hands its posters: each
/// ``PendingAppend``'s outcome, published through its atomic state, the
/// wake word they sleep on, and the count of arrivals a gathering leader
/// watches. Only the leader uses the connection, outside the lock; that
/// discipline is why the class is `@unchecked Sendable`.
final class GroupCommit: @unchecked Sendable {
    let shared: WriterConnection
    private var queue: [PendingAppend] = []
    private var leaderActive = false
    /// How many notices the gathering leader has taken so far.
    private var gathered = 0
    /// Whether the gathering leader sleeps on `condition` (after yielding
    /// for ``yieldLimit``), so that posters must wake it.
    private var leaderSleeps = false
    /// Counts queued posts; advanced under the lock, read without it by a
    /// leader that yields the processor while it waits for companions.
    private let arrivals = Atomic<UInt>(0)
    /// Where queued posters sleep; advanced when a commit has posters to wake
    /// or the lead is handed to a sleeping poster.
    private let wakeWord = WaitWord()
    /// How many posters a commit may expect, and how long the last commit
    /// took: a new leader waits (briefly) for that many, because posters
    /// released together come back one by one, and the first would otherwise
    /// commit alone. The expectation follows the largest recent batch and
    /// decays by one per smaller batch, so it tracks the number of threads
    /// posting without locking in a small batch size.
    private var expectedBatchSize = 1
    /// Callers of `exclusively` waiting for the current commit: a leader then
    /// stops instead of handing the lead on, posters queue instead of leading,
    /// and `exclusively` hands the lead on when it is done.
    private var exclusiveWaiters = 0
    /// From the last leader's start to its commit's end.
    private var lastCommitDuration: Duration = .zero
    /// Commits made and notices they carried, for the benchmark's report.
    private var commits = 0
    private var committedNotices = 0

    /// Where a commit retried after a lost connection is told.
    let logger: Logger

    init(_ shared: WriterConnection, logger: Logger) {
        self.shared = shared
        self.logger = logger
    }

    /// Appends `record` durably: queues it and either leads the commit or
    /// waits for the leader's.
    func append(_ record: JournalRecord) throws -> AppendOutcome {
        let pending = PendingAppend(record)
        shared.condition.lock()
        guard !shared.isClosed else {
            shared.condition.unlock()
            throw JournalError.closed
        }
        queue.append(pending)
        arrivals.add(1, ordering: .relaxed)
        if leaderActive || exclusiveWaiters > 0 {
            // A leader waiting for companions sees the arrival by itself
            // while it yields; once it sleeps, it must be woken. That costs
            // both sides a system call and it a context switch, so it is
            // woken for half a batch at a time, or for the last poster it
            // expects.
            if leaderSleeps,
                2 * queue.count >= expectedBatchSize || gathered + queue.count >= expectedBatchSize
            {
                shared.condition.broadcast()
            }
            let yields = lastCommitDuration <= Self.yieldingCommitLimit
            shared.condition.unlock()
            if awaitTurn(pending, yielding: yields) == .done { return try pending.outcome!.get() }
            shared.condition.lock()
        } else {
            leaderActive = true
        }
        lead()
        return try pending.outcome!.get()
    }

    /// Waits until no commit is under way and none is queued. Call with the
    /// lock held, after the writer was marked closed.
    func waitUntilDrained() {
        while leaderActive || !queue.isEmpty { shared.condition.wait() }
    }

    /// Waits until the commit under way, if any, is done, and keeps posters
    /// from leading meanwhile; the caller then writes alone, and afterwards
    /// calls ``handLeadToQueue()``. Call with the lock held.
    func waitForTurnAlone() {
        exclusiveWaiters += 1
        while leaderActive { shared.condition.wait() }
        exclusiveWaiters -= 1
    }

    /// Wakes the posters sleeping on the wake word (the one handed the lead
    /// among them).
    func wakePosters() {
        wakeWord.wakeAll()
    }

    /// How many group commits ran and how many notices they carried. Call
    /// with the lock held.
    var statistics: (commits: Int, notices: Int) {
        (commits, committedNotices)
    }

    /// Waits until a leader has published `pending`'s outcome or handed it
    /// the lead: when `yielding`, first by yielding the processor for up to
    /// ``yieldLimit``, then asleep on the wake word. A commit wakes every
    /// sleeping poster with one call; those of a later batch see their
    /// state unchanged and sleep again.
    private func awaitTurn(_ pending: PendingAppend, yielding: Bool) -> PendingAppend.State {
        if yielding {
            let end = ContinuousClock.now + Self.yieldLimit
            repeat {
                let state = pending.state.load(ordering: .acquiring)
                if state != .waiting { return state }
                sched_yield()
            } while ContinuousClock.now < end
        }
        while true {
            let seen = wakeWord.value
            let state = pending.state.load(ordering: .acquiring)
            if state != .waiting { return state }
            wakeWord.wait(whileEqualTo: seen)
        }
    }

    /// Leads one group commit: opens a transaction and appends the queued
    /// notices, then each notice queued while it waits for companions, so
    /// SQLite's inserts overlap the posters' return; commits; publishes the
    /// outcomes; wakes the batch's posters. Then it hands the lead to the
    /// first poster queued meanwhile, or, when `exclusively` waits, lets that
    /// go first. Call with the lock held and `leaderActive` set; returns
    /// without the lock.
    private func lead() {
        let started = ContinuousClock.now
        let deadline = gatherDeadline(from: started)
        var batch = OpenBatch()
        while true {
            let arrived = queue
            queue.removeAll(keepingCapacity: true)
            shared.condition.unlock()
            add(arrived, to: &batch)
            shared.condition.lock()
            gathered = batch.members.count
            guard batch.failure == nil, batch.members.count < expectedBatchSize, let deadline else { break }
            guard waitForArrival(until: deadline) else { break }
        }
        gathered = 0
        shared.condition.unlock()
        let outcomes = finish(&batch)
        let duration = started.duration(to: .now)
        // Published only now: a poster must not see an outcome before its
        // commit is durable.
        precondition(outcomes.count == batch.members.count, "every poster of a batch gets an outcome")
        for (pending, outcome) in zip(batch.members, outcomes) {
            pending.outcome = outcome
            pending.state.store(.done, ordering: .releasing)
        }
        shared.condition.lock()
        expectedBatchSize = max(batch.members.count, expectedBatchSize - 1)
        commits += 1
        committedNotices += batch.members.count
        lastCommitDuration = duration
        leaderActive = false
        if exclusiveWaiters > 0 || shared.isClosed {
            // Wakes `exclusively`, which goes first and then hands the lead
            // on, or `close()`, which waits for the queue to drain.
            shared.condition.broadcast()
        }
        let handed = exclusiveWaiters == 0 && handLeadToQueue()
        shared.condition.unlock()
        // One call wakes the batch and the next leader: signalling each
        // poster in turn cost the leader about 60 µs per commit on two cores.
        if batch.members.count > 1 || handed { wakeWord.wakeAll() }
    }

    /// Makes the first queued poster the next leader, unless a commit is
    /// under way or nobody waits; when it did, the caller wakes that poster
    /// with `wakeWord.wakeAll()`. Call with the lock held.
    func handLeadToQueue() -> Bool {
        guard !leaderActive, let next = queue.first else { return false }
        leaderActive = true
        next.state.store(.leads, ordering: .releasing)
        return true
    }

    /// PostgreSQL's `commit_delay`, adaptively: when recent commits carried
    /// several posters, a leader waits up to half the last commit's duration
    /// (its gathering included; at most 2 ms) for as many to queue; eight
    /// posting threads then share commits about 7.8 at a time. Nil (no
    /// waiting) for a lone poster. Call with the lock held.
    private func gatherDeadline(from start: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        guard expectedBatchSize > 1 else { return nil }
        return start + min(lastCommitDuration / 2, .milliseconds(2))
    }

    /// How long a thread that waits briefly (a leader for companions, a
    /// poster for its commit) yields the processor before it sleeps, as
    /// RocksDB's write thread does. A group commit's cycle is a few wake-ups
    /// long, and with eight posting threads on two cores, sleeping at once
    /// cost each commit about ten of them; yielding first lets most commits
    /// wake nobody. The bound keeps a slow commit's wait asleep.
    static let yieldLimit: Duration = .microseconds(200)

    /// Posters sleep at once while commits take longer than this: a wake-up
    /// is then small beside the wait, and yielding would only burn time.
    static let yieldingCommitLimit: Duration = .milliseconds(1)

    /// Waits until a poster queues (true) or `deadline` passes (false):
    /// first yielding the processor, which lets the posters it waits for run
    /// and wakes nobody, for at most ``yieldLimit``; then asleep on
    /// `condition`. The deadline is on the monotonic clock; each wait
    /// converts what is left of it, so a step of the wall clock cannot
    /// stretch the wait. Call with the lock held.
    private func waitForArrival(until deadline: ContinuousClock.Instant) -> Bool {
        guard queue.isEmpty else { return true }
        let seen = arrivals.load(ordering: .relaxed)
        shared.condition.unlock()
        let yieldEnd = min(deadline, .now + Self.yieldLimit)
        while arrivals.load(ordering: .relaxed) == seen, ContinuousClock.now < yieldEnd {
            sched_yield()
        }
        shared.condition.lock()
        leaderSleeps = true
        defer { leaderSleeps = false }
        while queue.isEmpty {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            _ = shared.condition.wait(until: Date().addingTimeInterval(left.seconds))
        }
        return true
    }

    /// A group commit's transaction while its leader fills it.
    struct OpenBatch {
        var members: [PendingAppend] = []
        /// How many members are appended to the transaction so far.
        var appended = 0
        var outcomes: [Result<AppendOutcome, any Error>] = []
        /// Why the transaction cannot commit: it failed to begin, or SQLite
        /// abandoned it; later members are not appended.
        var failure: (any Error)?
    }

    /// Adds `arrivals` to the batch and, unless the connection takes whole
    /// batches (``JournalConnection/appendsWholeBatches``), appends them to
    /// its transaction, opening it first if need be. Runs without the lock.
    private func add(_ arrivals: [PendingAppend], to batch: inout OpenBatch) {
        batch.members += arrivals
        if !shared.connection.appendsWholeBatches { appendPending(of: &batch) }
    }

    /// Appends the members not appended yet; a notice refused by a
    /// projection fails alone. Runs without the lock.
    private func appendPending(of batch: inout OpenBatch) {
        let arrivals = batch.members[batch.appended...]
        guard !arrivals.isEmpty else { return }
        if batch.appended == 0 {
            do { try shared.begin() } catch { batch.failure = error }
        }
        batch.appended = batch.members.count
        guard batch.failure == nil else { return }
        let outcomes = shared.appendBatch(arrivals.map(\.record))
        batch.outcomes += outcomes
        // Some errors (a full disk, I/O, a lost server connection) end the
        // whole transaction: the rest of the batch must not run outside
        // it, and every poster of the batch learns the cause.
        if !shared.connection.isAppending, let last = outcomes.last, case .failure(let cause) = last {
            batch.failure = cause
        } else if outcomes.count < arrivals.count {
            batch.failure = JournalError.storage("the journal ended the transaction without saying why")
        }
    }

    /// ``finish(_:)``'s one attempt.
    func commitOnce(_ batch: inout OpenBatch) -> [Result<AppendOutcome, any Error>] {
        appendPending(of: &batch)
        let failure: any Error
        if let earlier = batch.failure {
            failure = earlier
        } else {
            do {
                try shared.commit()
                return batch.outcomes
            } catch {
                failure = error
            }
        }
        shared.connection.rollbackAppending()
        return batch.members.indices.map { index in
            if index < batch.outcomes.count, case .failure(let error as JournalError) = batch.outcomes[index],
                error.code == .refused
            {
                return batch.outcomes[index]
            }
            return .failure(failure)
        }
    }
}
