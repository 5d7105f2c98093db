import Foundation

/// Appends for ``Durability/batched(maxDelay:)`` and ``Durability/never``:
/// a poster appends inside an open transaction and returns at once; the
/// transaction is committed when it is `maxDelay` old, by the next poster or
/// by the ``Flusher`` thread (which sleeps until that deadline), whichever
/// comes first. A commit the flusher could not make is reported to the next
/// poster; a write error that makes SQLite abandon the transaction is
/// reported with how many notices it rolled back.
///
/// Thread safety: every mutable field, and the connection, is used under
/// the shared `condition` only; that is why the class is
/// `@unchecked Sendable`.
final class OpenTransaction: @unchecked Sendable {
    private let shared: WriterConnection
    private let maxDelay: Duration
    private var transactionStarted: ContinuousClock.Instant?
    private var appendedSinceCommit = 0
    private var deferredFailure: (any Error)?
    private var flusher: Flusher?

    init(_ shared: WriterConnection, maxDelay: Duration) {
        self.shared = shared
        self.maxDelay = maxDelay
        flusher = Flusher { [weak self] in
            guard let self else { return false }
            self.flushIfDue()
            self.shared.stateWatch?.refreshPending()
            return true
        }
    }

    /// Stops the flusher thread. Call with the lock held.
    func stopFlusher() {
        flusher?.stop()
    }

    /// Appends `record` inside the open transaction, opening one if need be,
    /// and commits it when it is due.
    func append(_ record: JournalRecord) throws -> AppendOutcome {
        shared.condition.lock()
        defer { shared.condition.unlock() }
        guard !shared.isClosed else { throw JournalError.closed }
        if let failure = deferredFailure {
            deferredFailure = nil
            throw failure
        }
        if transactionStarted == nil {
            try shared.begin(lockingNow: true)
            let now = ContinuousClock.now
            transactionStarted = now
            flusher?.commit(by: now + maxDelay)
        }
        let outcome: AppendOutcome
        do {
            outcome = try shared.append(record)
            appendedSinceCommit += 1
        } catch {
            guard !shared.connection.isAppending else { throw error }
            // SQLite abandoned the open transaction (a full disk, say): the
            // window since the last commit is lost, and the poster is told.
            transactionStarted = nil
            defer { appendedSinceCommit = 0 }
            throw JournalError.storage(
                "\(error); the \(appendedSinceCommit) notices appended since the last commit were rolled back")
        }
        // Without a flusher thread, nobody else would commit it in time.
        if let started = transactionStarted, flusher == nil || started.duration(to: .now) >= maxDelay {
            try commit()
        }
        return outcome
    }

    /// Commits the open transaction, if any. Call with the lock held.
    func commit() throws {
        guard transactionStarted != nil else { return }
        transactionStarted = nil
        appendedSinceCommit = 0
        try shared.commit()
    }

    private func flushIfDue() {
        shared.condition.lock()
        defer { shared.condition.unlock() }
        guard let started = transactionStarted, started.duration(to: .now) >= maxDelay else { return }
        do {
            try commit()
        } catch {
            // Nobody is waiting on this commit: report it to the next poster.
            deferredFailure = error
        }
    }
}
