import NoticeSQLite
import NoticeHubCore

/// Erasure on SQLite: the rows deleted with `secure_delete` on, so SQLite
/// overwrites the bytes they held with zeros in the pages it writes, and
/// their numbers recorded as runs marked `erased` in `removed_sequences`.
extension SQLiteJournalConnection: ErasingJournalConnection {
    func eraseNotices(carrying key: ErasureKey, names: NoticeName?) throws -> [NoticeName: [Int64]] {
        let held: [NoticeName] = try storage {
            let statement = try connection.cachedStatement("SELECT name FROM journal_counts WHERE notices > 0")
            defer { statement.reset() }
            var held: [NoticeName] = []
            while try statement.step() { held.append(NoticeName(trusted: statement.string(at: 0) ?? "")) }
            return held
        }
        var erased: [NoticeName: [Int64]] = [:]
        for name in held where names?.matches(name) ?? true {
            let gone = try eraseNotices(named: name, carrying: key)
            if !gone.isEmpty { erased[name] = gone }
        }
        return erased
    }

    /// Erases the notices named `name` that carry `key`; returns their
    /// numbers, in order.
    private func eraseNotices(named name: NoticeName, carrying key: ErasureKey) throws -> [Int64] {
        try storage {
            // By the index on names; json_type first, so that a member that is
            // an object, array or boolean never compares equal to the value.
            let delete = try connection.cachedStatement(
                """
                DELETE FROM notices
                 WHERE name_code = (SELECT code FROM notice_names WHERE name = ?1)
                   AND json_type(payload, ?2) IN ('text', 'integer', 'real')
                   AND json_extract(payload, ?2) IN (?3, ?4)
                RETURNING seq, length(CAST(payload AS BLOB))
                """)
            defer { delete.reset() }
            try delete.bind(name.rawValue, at: 1)
            try delete.bind(key.sqlitePath, at: 2)
            try delete.bind(key.value, at: 3)
            switch key.number {
            case .integer(let integer): try delete.bind(integer, at: 4)
            case .real(let real): try delete.bind(real, at: 4)
            case nil: try delete.bindNull(at: 4)
            }
            var erased: [Int64] = []
            var bytes: Int64 = 0
            while try delete.step() {
                erased.append(delete.int64(at: 0))
                bytes += delete.int64(at: 1)
            }
            guard !erased.isEmpty else { return [] }
            erased.sort()
            let counts = try connection.cachedStatement(Self.addCountsSQL)
            defer { counts.reset() }
            try counts.bind(name.rawValue, at: 1)
            try counts.bind(-Int64(erased.count), at: 2)
            try counts.bind(-bytes, at: 3)
            _ = try counts.step()
            let record = try connection.cachedStatement(
                "INSERT INTO removed_sequences (first, last, erased) VALUES (?, ?, 1)")
            for run in Self.runs(of: erased) {
                defer { record.reset() }
                try record.bind(run.lowerBound, at: 1)
                try record.bind(run.upperBound, at: 2)
                _ = try record.step()
            }
            return erased
        }
    }

    /// `secure_delete` on for `body`: SQLite zeroes what it deletes in the
    /// pages it writes, the erased notices' and the projections' old rows.
    func overwritingDeletedBytes<T>(_ body: () throws -> T) throws -> T {
        let secure = try storage { try connection.pragmaInt("secure_delete") }
        try storage { try connection.execute("PRAGMA secure_delete = ON") }
        defer { try? connection.execute("PRAGMA secure_delete = \(secure)") }
        return try body()
    }

    func erasedNoticeCount(in range: ClosedRange<Int64>) throws -> Int64 {
        try storage {
            let statement = try connection.cachedStatement(
                """
                SELECT coalesce(sum(min(last, ?2) - max(first, ?1) + 1), 0) FROM removed_sequences
                WHERE first <= ?2 AND last >= ?1 AND erased = 1
                """)
            defer { statement.reset() }
            try statement.bind(range.lowerBound, at: 1)
            try statement.bind(range.upperBound, at: 2)
            _ = try statement.step()
            return statement.int64(at: 0)
        }
    }

    /// Copies the write-ahead log, whose older frames may still hold the
    /// erased rows' pages as they were, into the file and truncates it;
    /// gives up at once, leaving it for a later checkpoint, while a reader
    /// holds an older snapshot.
    func scrubErasedBytes() throws {
        try storage {
            try connection.execute("PRAGMA busy_timeout = 0")
            try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }
}
