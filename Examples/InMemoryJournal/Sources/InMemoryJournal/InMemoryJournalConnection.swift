import NoticeHub

/// ``JournalConnection`` over an ``InMemoryStorage``.
///
/// An append transaction takes the storage's write lock and numbers its
/// notices on from the last committed one; they, and the cursors saved
/// meanwhile, become visible to other connections at the commit, and a
/// rollback discards them. Outside a transaction an append or a cursor save
/// commits at once, as SQLite's autocommit does.
final class InMemoryJournalConnection: JournalConnection {
    /// Rows a read copies out per hold of the storage's lock.
    static let pageSize = 256

    let storage: InMemoryStorage
    private var transaction: PendingTransaction?

    init(_ storage: InMemoryStorage) {
        self.storage = storage
    }

    /// A connection dropped inside a transaction rolls it back, freeing the lock.
    deinit { rollbackAppending() }

    var isAppending: Bool { transaction != nil }

    func beginAppending() throws {
        guard transaction == nil else {
            throw JournalError.storage("\(storage.location): an append transaction is open already")
        }
        try storage.writeLock.acquire(location: storage.location)
        transaction = PendingTransaction(base: storage.lastSequence)
    }

    /// `projections` is always empty: the connection is not a
    /// ``ProjectionJournalConnection``, so a hub hands it none.
    func append(_ record: JournalRecord, projections: [any Projection]) throws -> AppendOutcome {
        guard transaction != nil else {
            try beginAppending()
            do {
                let outcome = try append(record, projections: projections)
                try commitAppending()
                return outcome
            } catch {
                rollbackAppending()
                throw error
            }
        }
        let id = record.notice.id
        if let sequence = storage.sequence(of: id) ?? transaction!.sequenceByID[id] {
            return .duplicate(sequence)
        }
        return .appended(transaction!.append(record))
    }

    func commitAppending() throws {
        guard let transaction else {
            throw JournalError.storage("\(storage.location): no append transaction is open to commit")
        }
        self.transaction = nil
        // Lets go of the write lock, whether it succeeds or not.
        try storage.commit(transaction)
    }

    func rollbackAppending() {
        guard transaction != nil else { return }
        transaction = nil
        storage.writeLock.release()
    }

    func lastSequence() throws -> Int64 {
        transaction?.lastSequence ?? storage.lastSequence
    }

    func changeCounter() throws -> Int64 {
        storage.version
    }

    /// Reads the notices committed when the read began (committed rows never
    /// change, so that is a snapshot), then this connection's own uncommitted
    /// ones, in pages that let writers in between.
    func read(_ query: JournalQuery, _ body: (Notice) throws -> Bool) throws {
        var left = query.limit.map { max(0, $0) } ?? Int.max
        guard left > 0 else { return }
        let through = query.through ?? .max
        // With a transaction open, the write lock keeps the committed end where it began.
        let committedEnd = transaction?.base ?? storage.lastSequence
        var next = max(query.from, 1)
        func hand(_ row: StoredNotice) throws -> Bool {
            if query.checksRows, let problem = RowCheck.problem(in: row) {
                throw JournalError.malformedRow(sequence: row.sequence, problem: problem)
            }
            guard try body(row.notice(isReplay: query.markedAsReplay)) else { return false }
            left -= 1
            return left > 0
        }
        while next <= min(through, committedEnd) {
            let page = storage.rows(
                selectedBy: query, from: next, through: min(through, committedEnd), limit: min(left, Self.pageSize))
            for row in page.rows {
                guard try hand(row) else { return }
            }
            next = page.next
        }
        for row in transaction?.notices ?? [] where row.sequence >= next && row.sequence <= through {
            guard query.selects(row) else { continue }
            guard try hand(row) else { return }
        }
    }

    /// The committed journal's counts and bounds.
    func statistics() throws -> JournalStatistics {
        storage.statistics()
    }

    func integrityProblems() throws -> [String] {
        storage.integrityProblems()
    }

    func cursor(of subscriber: String) throws -> Int64? {
        transaction?.cursors[subscriber] ?? storage.cursor(of: subscriber)
    }

    func saveCursor(_ cursor: Int64, of subscriber: String) throws {
        if transaction != nil {
            transaction!.cursors[subscriber] = cursor
        } else {
            storage.saveCursor(cursor, of: subscriber)
        }
    }
}
