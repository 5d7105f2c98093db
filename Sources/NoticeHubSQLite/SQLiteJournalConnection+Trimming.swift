import NoticeSQLite
import NoticeHubCore

/// Marks and trims: the `journal_marks` table, and the oldest notices removed in batches.
extension SQLiteJournalConnection: TrimmingJournalConnection {
    func mark(_ mark: JournalMark) throws -> Int64? {
        try storage {
            let statement = try connection.cachedStatement("SELECT value FROM journal_marks WHERE mark = ?")
            defer { statement.reset() }
            try statement.bind(mark.rawValue, at: 1)
            return try statement.step() ? statement.int64(at: 0) : nil
        }
    }

    func setMark(_ mark: JournalMark, to value: Int64?) throws {
        try storage {
            let statement = try connection.cachedStatement(
                value == nil
                    ? "DELETE FROM journal_marks WHERE mark = ?"
                    : """
                    INSERT INTO journal_marks (mark, value) VALUES (?, ?)
                    ON CONFLICT (mark) DO UPDATE SET value = excluded.value
                    """)
            defer { statement.reset() }
            try statement.bind(mark.rawValue, at: 1)
            if let value { try statement.bind(value, at: 2) }
            _ = try statement.step()
        }
    }

    /// Finds the last sequence of the batch, takes the batch's notices off
    /// `journal_counts` by name, then deletes the range: three statements
    /// over the oldest rows of the table, each as fast in a journal of 10^7
    /// notices as in one of 10^4.
    func removeNotices(through sequence: Int64, limit: Int) throws -> Int {
        try storage {
            let bound = try connection.cachedStatement(
                "SELECT max(seq), count(*) FROM (SELECT seq FROM notices WHERE seq <= ? ORDER BY seq LIMIT ?)")
            defer { bound.reset() }
            try bound.bind(sequence, at: 1)
            try bound.bind(Int64(max(0, limit)), at: 2)
            guard try bound.step(), !bound.isNull(at: 0) else { return 0 }
            let upper = bound.int64(at: 0)
            let removed = Int(bound.int64(at: 1))
            // NOT INDEXED: to group by name SQLite would otherwise walk the
            // whole index on names, not the batch's range of the table.
            let counts = try connection.cachedStatement(
                """
                SELECT name_code, count(*), sum(length(CAST(payload AS BLOB))) FROM notices NOT INDEXED
                WHERE seq <= ? GROUP BY name_code
                """)
            defer { counts.reset() }
            try counts.bind(upper, at: 1)
            var gone: [(Int64, Int64, Int64)] = []
            while try counts.step() {
                gone.append((counts.int64(at: 0), counts.int64(at: 1), counts.int64(at: 2)))
            }
            let addCounts = try statements().addCounts
            for (code, notices, bytes) in gone {
                defer { addCounts.reset() }
                try addCounts.bind(try nameCodes.text(for: code, on: connection)?.rawValue ?? "", at: 1)
                try addCounts.bind(-notices, at: 2)
                try addCounts.bind(-bytes, at: 3)
                _ = try addCounts.step()
            }
            let delete = try connection.cachedStatement("DELETE FROM notices WHERE seq <= ?")
            defer { delete.reset() }
            try delete.bind(upper, at: 1)
            _ = try delete.step()
            try forgetRemovedSequences(through: upper)
            removedSinceCheckpoint += removed
            return removed
        }
    }

    /// Moves up to `pages` pages from the end of the file into free pages
    /// and cuts the file short by as many (`PRAGMA incremental_vacuum`, one
    /// short write transaction), in a journal made with incremental
    /// auto-vacuum: those created by this release on. The cut reaches the
    /// file at the log's next checkpoint, which follows here. A journal
    /// made before keeps its free pages for later notices.
    func releaseFreeSpace(pages: Int) throws -> Int {
        try storage {
            guard try connection.pragmaInt("auto_vacuum") == 2 else { return 0 }
            let free = try connection.pragmaInt("freelist_count")
            guard free > 0, pages > 0 else { return 0 }
            try connection.execute("PRAGMA incremental_vacuum(\(pages))")
            let released = Int(free - (try connection.pragmaInt("freelist_count")))
            if released > 0 { _ = try? connection.execute("PRAGMA wal_checkpoint(PASSIVE)") }
            return released
        }
    }
}
