import Foundation
import Synchronization

/// Appends a hub's notices to its journal, under the hub's ``Durability``.
///
/// - `always`: group commit. A poster queues its notice; if no commit is under
///   way it becomes the leader: it opens a transaction, appends the queued
///   notices and those that arrive while it waits briefly for companions, and
///   commits (one fsync for the lot); the others wait for the leader and
///   return when their notice is durable. While commits are fast, waiting
///   threads yield the processor for a moment before they sleep (see
///   ``yieldLimit``).
/// - `batched` and `never`: a poster appends inside an open transaction and
///   returns at once; the transaction is committed when it is `maxDelay` old,
///   by the next poster or by the ``Flusher`` thread (which sleeps until that
///   deadline), whichever comes first.
///
/// Thread safety: every mutable field is guarded by `condition`, except what
/// a leader hands its posters: each ``PendingAppend``'s outcome, published
/// through its atomic state, the wake word they sleep on, and the count of
/// arrivals a gathering leader watches. The connection is only used by the
/// leader (always), under the lock (batched, and inside ``exclusively(_:)``),
/// never by two threads at once. That discipline is why the class is
/// `@unchecked Sendable`.
///
/// Projections and an import's body run while the writer holds its lock or
/// leads a commit; ``callingThread`` marks their thread so that a write they
/// make back through this writer throws ``JournalError/reentrant`` instead
/// of waiting forever for itself.
final class JournalWriter: @unchecked Sendable {
    private let condition = NSCondition()
    private let connection: any JournalConnection
    private let durability: Durability
    private let projections: [NoticeName: [any Projection]]
    let payloadLimit: Int
    /// The thread running a projection or an import's body now, if any.
    private let callingThread = CallingThread()

    // Group commit (always).
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

    // Open transaction (batched, never).
    private var transactionStarted: ContinuousClock.Instant?
    private var appendedSinceCommit = 0
    private var deferredFailure: (any Error)?
    private var isClosed = false
    private var flusher: Flusher?

    /// Sequences this writer appended, kept only while a follower asks, so the
    /// follower can skip what the hub already delivered live.
    let ownSequences = OwnSequences()

    init(journal: any NoticeJournal, durability: Durability, projections: [any Projection], payloadLimit: Int) throws {
        connection = try journal.connect(durability: durability)
        self.durability = durability
        self.payloadLimit = payloadLimit
        var byName: [NoticeName: [any Projection]] = [:]
        for projection in projections {
            for name in projection.names { byName[name, default: []].append(projection) }
        }
        self.projections = byName
        if let batchDelay { startFlusher(batchDelay) }
    }

    /// How long an open transaction may stay uncommitted; nil for `always`.
    private var batchDelay: Duration? {
        switch durability {
        case .always: nil
        case .batched(let maxDelay): maxDelay.clampedForWaiting
        case .never: .milliseconds(100)
        }
    }

    deinit {
        try? close()
    }

    /// Appends `record` under the hub's durability; returns its outcome.
    func append(_ record: JournalRecord) throws -> AppendOutcome {
        try refuseReentry()
        try checkPayloadSize(record)
        let outcome = if let batchDelay {
            try appendBatched(record, maxDelay: batchDelay)
        } else {
            try appendDurably(record)
        }
        ownSequences.insert(outcome.sequence)
        return outcome
    }

    /// Commits what is pending and stops the flusher; durable posts already
    /// queued are committed before it returns. Appending after close throws.
    func close() throws {
        try refuseReentry()
        condition.lock()
        defer { condition.unlock() }
        guard !isClosed else { return }
        isClosed = true
        flusher?.stop()
        while leaderActive || !queue.isEmpty { condition.wait() }
        try commitOpenTransaction()
    }

    /// Commits the open transaction now (batched, never); a no-op for always.
    func flush() throws {
        try refuseReentry()
        condition.lock()
        defer { condition.unlock() }
        try commitOpenTransaction()
    }

    /// Runs `body` as the only writer, inside one transaction: committed when
    /// it returns, rolled back when it throws. Posters wait meanwhile.
    func exclusively<T>(_ body: (any JournalConnection) throws -> T) throws -> T {
        try refuseReentry()
        condition.lock()
        defer {
            let handed = handLeadToQueue()
            condition.unlock()
            if handed { wakeWord.wakeAll() }
        }
        guard !isClosed else { throw JournalError.closed }
        exclusiveWaiters += 1
        while leaderActive { condition.wait() }
        exclusiveWaiters -= 1
        guard !isClosed else { throw JournalError.closed }
        try commitOpenTransaction()
        try connection.beginAppending()
        do {
            let result = try callingThread.calling { try body(connection) }
            try connection.commitAppending()
            return result
        } catch {
            connection.rollbackAppending()
            throw error
        }
    }

    /// Appends inside ``exclusively(_:)``'s transaction, with the usual checks.
    func appendInside(_ connection: any JournalConnection, _ record: JournalRecord) throws -> AppendOutcome {
        try checkPayloadSize(record)
        return try connection.append(record, projections: projectionsFor(record))
    }

    /// How many group commits ran and how many notices they carried.
    var groupCommits: (commits: Int, notices: Int) {
        condition.lock()
        defer { condition.unlock() }
        return (commits, committedNotices)
    }

    // MARK: - always

    /// One durable post on its way: its poster sleeps on the writer's
    /// `wakeWord` until the leader has published its outcome, or has handed
    /// it the lead.
    ///
    /// `@unchecked Sendable`: `outcome` is written once, by the leader, before
    /// it stores `done` with release ordering, and read by the poster only
    /// after it loads `done` with acquire ordering (or by the leader that
    /// wrote it).
    private final class PendingAppend: @unchecked Sendable {
        enum State: UInt8, AtomicRepresentable {
            case waiting, done, leads
        }

        let record: JournalRecord
        /// Written before `state` becomes `done` (releasing); read by the
        /// poster after it sees `done` (acquiring).
        var outcome: Result<AppendOutcome, any Error>?
        let state = Atomic<State>(.waiting)

        init(_ record: JournalRecord) {
            self.record = record
        }
    }

    private func appendDurably(_ record: JournalRecord) throws -> AppendOutcome {
        let pending = PendingAppend(record)
        condition.lock()
        guard !isClosed else {
            condition.unlock()
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
                2 * queue.count >= expectedBatchSize || gathered + queue.count >= expectedBatchSize {
                condition.broadcast()
            }
            let yields = lastCommitDuration <= Self.yieldingCommitLimit
            condition.unlock()
            if awaitTurn(pending, yielding: yields) == .done { return try pending.outcome!.get() }
            condition.lock()
        } else {
            leaderActive = true
        }
        lead()
        return try pending.outcome!.get()
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
            condition.unlock()
            add(arrived, to: &batch)
            condition.lock()
            gathered = batch.members.count
            guard batch.failure == nil, batch.members.count < expectedBatchSize, let deadline else { break }
            guard waitForArrival(until: deadline) else { break }
        }
        gathered = 0
        condition.unlock()
        let outcomes = finish(batch)
        let duration = started.duration(to: .now)
        // Published only now: a poster must not see an outcome before its
        // commit is durable.
        precondition(outcomes.count == batch.members.count, "every poster of a batch gets an outcome")
        for (pending, outcome) in zip(batch.members, outcomes) {
            pending.outcome = outcome
            pending.state.store(.done, ordering: .releasing)
        }
        condition.lock()
        expectedBatchSize = max(batch.members.count, expectedBatchSize - 1)
        commits += 1
        committedNotices += batch.members.count
        lastCommitDuration = duration
        leaderActive = false
        if exclusiveWaiters > 0 || isClosed {
            // Wakes `exclusively`, which goes first and then hands the lead
            // on, or `close()`, which waits for the queue to drain.
            condition.broadcast()
        }
        let handed = exclusiveWaiters == 0 && handLeadToQueue()
        condition.unlock()
        // One call wakes the batch and the next leader: signalling each
        // poster in turn cost the leader about 60 µs per commit on two cores.
        if batch.members.count > 1 || handed { wakeWord.wakeAll() }
    }

    /// Makes the first queued poster the next leader, unless a commit is
    /// under way or nobody waits; when it did, the caller wakes that poster
    /// with `wakeWord.wakeAll()`. Call with the lock held.
    private func handLeadToQueue() -> Bool {
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
    /// long: on two cores with eight posting threads, sleeping at once cost
    /// each commit about ten wake-ups, and durable posts from eight threads
    /// ran at 4.4 to 5.2 times the rate of autocommits; with the leader
    /// yielding, 5.2 to 5.4; with the posters too, 6.25 to 6.5 (100 µs:
    /// 5.8 to 5.9). The bound keeps a slow commit's wait asleep.
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
        condition.unlock()
        let yieldEnd = min(deadline, .now + Self.yieldLimit)
        while arrivals.load(ordering: .relaxed) == seen, ContinuousClock.now < yieldEnd {
            sched_yield()
        }
        condition.lock()
        leaderSleeps = true
        defer { leaderSleeps = false }
        while queue.isEmpty {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            _ = condition.wait(until: Date().addingTimeInterval(left.seconds))
        }
        return true
    }

    /// A group commit's transaction while its leader fills it.
    private struct OpenBatch {
        var members: [PendingAppend] = []
        var outcomes: [Result<AppendOutcome, any Error>] = []
        /// Why the transaction cannot commit: it failed to begin, or SQLite
        /// abandoned it; later members are not appended.
        var failure: (any Error)?
    }

    /// Appends `arrivals` to the batch's transaction, opening it first if
    /// need be; a notice refused by a projection fails alone. Runs without
    /// the lock.
    private func add(_ arrivals: [PendingAppend], to batch: inout OpenBatch) {
        if batch.members.isEmpty {
            do { try connection.beginAppending() } catch { batch.failure = error }
        }
        batch.members += arrivals
        callingThread.calling {
            for pending in arrivals where batch.failure == nil {
                let outcome = Result { try connection.append(pending.record, projections: projectionsFor(pending.record)) }
                batch.outcomes.append(outcome)
                // Some errors (a full disk, I/O) make SQLite abandon the whole
                // transaction: the rest of the batch must not run outside it,
                // and every poster of the batch learns the cause.
                if !connection.isAppending, case .failure(let cause) = outcome { batch.failure = cause }
            }
        }
    }

    /// Commits the batch (one fsync for the lot) and returns each member's
    /// outcome; a failed commit fails every notice of the batch except those
    /// a projection refused. Runs without the lock.
    private func finish(_ batch: OpenBatch) -> [Result<AppendOutcome, any Error>] {
        let failure: any Error
        if let earlier = batch.failure {
            failure = earlier
        } else {
            do {
                try connection.commitAppending()
                return batch.outcomes
            } catch {
                failure = error
            }
        }
        connection.rollbackAppending()
        return batch.members.indices.map { index in
            if index < batch.outcomes.count, case .failure(JournalError.refused) = batch.outcomes[index] {
                return batch.outcomes[index]
            }
            return .failure(failure)
        }
    }

    // MARK: - batched, never

    private func appendBatched(_ record: JournalRecord, maxDelay: Duration) throws -> AppendOutcome {
        condition.lock()
        defer { condition.unlock() }
        guard !isClosed else { throw JournalError.closed }
        if let failure = deferredFailure {
            deferredFailure = nil
            throw failure
        }
        if transactionStarted == nil {
            try connection.beginAppending()
            let now = ContinuousClock.now
            transactionStarted = now
            flusher?.commit(by: now + maxDelay)
        }
        let outcome: AppendOutcome
        do {
            outcome = try callingThread.calling { try connection.append(record, projections: projectionsFor(record)) }
            appendedSinceCommit += 1
        } catch {
            guard !connection.isAppending else { throw error }
            // SQLite abandoned the open transaction (a full disk, say): the
            // window since the last commit is lost, and the poster is told.
            transactionStarted = nil
            defer { appendedSinceCommit = 0 }
            throw JournalError.storage(
                "\(error); the \(appendedSinceCommit) notices appended since the last commit were rolled back")
        }
        if let started = transactionStarted, started.duration(to: .now) >= maxDelay {
            try commitOpenTransaction()
        }
        return outcome
    }

    /// Call with the lock held.
    private func commitOpenTransaction() throws {
        guard transactionStarted != nil else { return }
        transactionStarted = nil
        appendedSinceCommit = 0
        try connection.commitAppending()
    }

    private func startFlusher(_ maxDelay: Duration) {
        flusher = Flusher { [weak self] in
            guard let self else { return false }
            self.flushIfDue(maxDelay)
            return true
        }
    }

    private func flushIfDue(_ maxDelay: Duration) {
        condition.lock()
        defer { condition.unlock() }
        guard let started = transactionStarted, started.duration(to: .now) >= maxDelay else { return }
        do {
            try commitOpenTransaction()
        } catch {
            // Nobody is waiting on this commit: report it to the next poster.
            deferredFailure = error
        }
    }

    /// Refuses a write made from a projection or an import's body that this
    /// writer is running: it would wait for the lock or commit its own
    /// thread holds.
    private func refuseReentry() throws(JournalError) {
        if callingThread.isCurrent { throw .reentrant }
    }

    private func checkPayloadSize(_ record: JournalRecord) throws {
        let bytes = record.payloadJSON.utf8.count
        guard bytes <= payloadLimit else {
            throw JournalError.payloadTooLarge(name: record.notice.name, bytes: bytes, limit: payloadLimit)
        }
    }

    private func projectionsFor(_ record: JournalRecord) -> [any Projection] {
        projections.isEmpty ? [] : projections[record.notice.name] ?? []
    }
}
