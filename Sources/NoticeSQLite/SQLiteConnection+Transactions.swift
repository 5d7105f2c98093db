extension SQLiteConnection {
    /// The locking behaviour of `BEGIN`.
    package enum TransactionKind: Sendable {
        /// Takes locks lazily; a later write may fail with `.busy` without the
        /// busy handler helping (upgrade conflicts), so writers should avoid it.
        case deferred
        /// Takes the write lock at BEGIN, where the busy timeout applies.
        case immediate
        /// Like immediate; in rollback-journal mode also blocks readers.
        case exclusive

        fileprivate var beginSQL: String {
            switch self {
            case .deferred: "BEGIN DEFERRED TRANSACTION"
            case .immediate: "BEGIN IMMEDIATE TRANSACTION"
            case .exclusive: "BEGIN EXCLUSIVE TRANSACTION"
            }
        }
    }

    /// Runs `body` inside a transaction and commits it.
    ///
    /// Contract:
    /// - Refuses to nest: if a transaction is already open (by this method,
    ///   a savepoint, or raw SQL) it throws `.misuse` without running `body`.
    ///   Use `savepoint` for nested units of work.
    /// - `body` throws: the transaction is rolled back and `body`'s error is
    ///   rethrown; a failing ROLLBACK never masks it (first error wins).
    /// - COMMIT fails (e.g. deferred foreign key violation, `.busy`): the
    ///   transaction is rolled back and the COMMIT error is thrown.
    /// - On return, the connection is back in autocommit mode.
    package func transaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T) throws -> T {
        guard isAutocommit else {
            throw SQLiteError(
                code: .misuse,
                message: "transaction() cannot be nested: a transaction is already open; use savepoint()",
                sql: kind.beginSQL
            )
        }
        try executeCached(kind.beginSQL)
        let result: T
        do {
            result = try body()
        } catch {
            rollbackIgnoringErrors()
            throw error
        }
        do {
            try executeCached("COMMIT TRANSACTION")
        } catch {
            rollbackIgnoringErrors()
            throw error
        }
        return result
    }

    /// Runs `body` inside a savepoint, so that a failure undoes only `body`'s
    /// changes and the enclosing transaction can go on.
    ///
    /// Contract, mirroring `transaction`:
    /// - `body` throws: ROLLBACK TO then RELEASE the savepoint (errors there
    ///   ignored), then rethrow `body`'s error.
    /// - RELEASE fails: roll back to the savepoint, release it, throw the
    ///   RELEASE error. (Only an outermost savepoint, which commits like a
    ///   transaction, can fail here.)
    /// - Savepoints nest freely. Outside any transaction, the savepoint acts
    ///   as a DEFERRED transaction.
    package func savepoint<T>(_ body: () throws -> T) throws -> T {
        // A fixed name is enough: ROLLBACK TO / RELEASE act on the innermost
        // savepoint with that name, and it keeps the statements cacheable.
        try executeCached("SAVEPOINT notice_hub_savepoint")
        let result: T
        do {
            result = try body()
        } catch {
            abandonSavepointIgnoringErrors()
            throw error
        }
        do {
            try executeCached("RELEASE SAVEPOINT notice_hub_savepoint")
        } catch {
            abandonSavepointIgnoringErrors()
            throw error
        }
        return result
    }

    private func rollbackIgnoringErrors() {
        // SQLite may already have rolled back by itself (I/O errors, full
        // disk, RAISE(ROLLBACK)); ROLLBACK would then fail for no reason.
        guard !isAutocommit else { return }
        try? executeCached("ROLLBACK TRANSACTION")
    }

    private func abandonSavepointIgnoringErrors() {
        guard !isAutocommit else { return }
        // ROLLBACK TO leaves the savepoint open; RELEASE removes it.
        try? executeCached("ROLLBACK TRANSACTION TO SAVEPOINT notice_hub_savepoint")
        try? executeCached("RELEASE SAVEPOINT notice_hub_savepoint")
    }
}
