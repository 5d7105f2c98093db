import Foundation

extension SQLiteConnection {
    /// Values of `PRAGMA synchronous`.
    package enum SynchronousMode: String, Sendable {
        case off = "OFF"
        case normal = "NORMAL"
        case full = "FULL"
        case extra = "EXTRA"
    }

    /// Switches the database to write-ahead logging.
    ///
    /// SQLite does not fail when it cannot honour `journal_mode=WAL`; it
    /// answers the mode it kept (e.g. "memory" for ":memory:", "delete" on
    /// some file systems). This method reads that answer and throws `.error`
    /// unless it is really "wal", so callers relying on WAL semantics
    /// (concurrent readers, `data_version` polling) fail early and clearly.
    ///
    /// Switching a new file to WAL needs it alone; another connection
    /// opening it at the same moment makes SQLite answer SQLITE_BUSY at once,
    /// without waiting, so a busy answer is tried again, every millisecond
    /// for up to `patience`.
    package func enableWAL(patience: Duration = .seconds(5)) throws {
        let sql = "PRAGMA journal_mode=WAL"
        let statement = try prepare(sql)
        defer { statement.reset() }
        let deadline = ContinuousClock.now + patience
        var answer: String?
        while true {
            do {
                answer = try statement.step() ? statement.string(at: 0) : nil
                break
            } catch let error as SQLiteError where error.code.primary == .busy && ContinuousClock.now < deadline {
                statement.reset()
                Thread.sleep(forTimeInterval: 0.001)
            }
        }
        guard answer?.lowercased() == "wal" else {
            throw SQLiteError(
                code: .error,
                message: "journal_mode=WAL was not applied: SQLite answered \"\(answer ?? "nothing")\"",
                sql: sql
            )
        }
    }

    /// Sets `PRAGMA synchronous` (durability versus fsync cost).
    package func setSynchronous(_ mode: SynchronousMode) throws {
        try execute("PRAGMA synchronous=\(mode.rawValue)")
    }

    /// Reads an integer-valued pragma, e.g. `user_version`, `foreign_keys`,
    /// `page_count` or `main.schema_version`.
    ///
    /// Pragma names cannot be bound as parameters, so `name` is restricted to
    /// letters, digits, `_` and one optional `schema.` prefix, rejecting any
    /// attempt to smuggle SQL through it (`.misuse`).
    ///
    /// - Throws: `.misuse` for an invalid name; `.error` when the pragma
    ///   returns no row (unknown pragmas silently return nothing).
    package func pragmaInt(_ name: String) throws -> Int64 {
        guard Self.isPragmaName(name) else {
            throw SQLiteError(code: .misuse, message: "invalid pragma name", sql: nil)
        }
        return try scalarInt64("PRAGMA \(name)")
    }

    /// `PRAGMA data_version`: changes whenever *another* connection (in this
    /// or another process) commits to the database, and never for this
    /// connection's own commits. Cheap enough to poll; the statement is cached.
    package func dataVersion() throws -> Int64 {
        try scalarInt64("PRAGMA data_version")
    }

    /// Steps a cached single-value statement once and resets it right away:
    /// a statement left positioned on its row would keep a read transaction
    /// (and an old WAL snapshot) open.
    private func scalarInt64(_ sql: String) throws -> Int64 {
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        guard try statement.step() else {
            throw SQLiteError(code: .error, message: "statement returned no row", sql: sql)
        }
        return statement.int64(at: 0)
    }

    private static func isPragmaName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count) else { return false }
        return parts.allSatisfy { part in
            guard let first = part.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
            return part.unicodeScalars.allSatisfy { scalar in
                scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                    || ("0"..."9").contains(scalar)
            }
        }
    }
}
