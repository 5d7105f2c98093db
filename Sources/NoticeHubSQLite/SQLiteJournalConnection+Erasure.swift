import NoticeSQLite
import NoticeHubCore

/// Erasure on SQLite: the rows deleted with `secure_delete` on, so SQLite
/// overwrites the bytes they held with zeros in the pages it writes, and
/// their numbers recorded as runs marked `erased` in `removed_sequences`.
extension SQLiteJournalConnection: ErasingJournalConnection {
    /// A name the journal counts notices of, with its code.
    private struct HeldName {
        var name: NoticeName
        var code: Int64
        var notices: Int64
    }

    /// By the index on names when the names matched hold under a quarter
    /// of the notices; else in one pass over the table, which reads each
    /// page once where a pass per name would read most pages once per name.
    func eraseNotices(carrying key: ErasureKey, names: NoticeName?) throws -> [NoticeName: [Int64]] {
        try storage {
            let statement = try connection.cachedStatement(
                """
                SELECT names.name, names.code, counts.notices FROM journal_counts AS counts
                  JOIN notice_names AS names ON names.name = counts.name WHERE counts.notices > 0
                """)
            defer { statement.reset() }
            var held: [HeldName] = []
            while try statement.step() {
                held.append(
                    HeldName(
                        name: NoticeName(trusted: statement.string(at: 0) ?? ""), code: statement.int64(at: 1),
                        notices: statement.int64(at: 2)))
            }
            let matched = held.filter { names?.matches($0.name) ?? true }
            guard !matched.isEmpty else { return [:] }
            let total = held.reduce(0) { $0 + $1.notices }
            let byName = Dictionary(uniqueKeysWithValues: matched.map { ($0.code, $0.name) })
            var erased: [NoticeName: [Int64]] = [:]
            var bytes: [NoticeName: Int64] = [:]
            if matched.reduce(0, { $0 + $1.notices }) * 4 < total {
                for name in matched {
                    try delete(key, where: "name_code = \(name.code)") { sequence, _, size in
                        erased[name.name, default: []].append(sequence)
                        bytes[name.name, default: 0] += size
                    }
                }
            } else {
                // The unary plus keeps SQLite from reading by the index on names.
                let among =
                    matched.count == held.count
                    ? "1" : "+name_code IN (\(byName.keys.map(String.init).joined(separator: ", ")))"
                try delete(key, where: among) { sequence, code, size in
                    guard let name = byName[code] else { return }
                    erased[name, default: []].append(sequence)
                    bytes[name, default: 0] += size
                }
            }
            try record(erased, bytes: bytes)
            return erased.mapValues { $0.sorted() }
        }
    }

    /// Deletes the notices that carry `key` among those `condition`
    /// selects, calling `found` with each one's number, name code and
    /// payload bytes. json_type first, so that a member that is an object,
    /// array or boolean never compares equal to the value.
    private func delete(
        _ key: ErasureKey, where condition: String, _ found: (Int64, Int64, Int64) -> Void
    ) throws {
        let delete = try connection.prepare(
            """
            DELETE FROM notices
             WHERE \(condition)
               AND json_type(payload, ?1) IN ('text', 'integer', 'real')
               AND json_extract(payload, ?1) IN (?2, ?3)
            RETURNING seq, name_code, length(CAST(payload AS BLOB))
            """)
        try delete.bind(key.sqlitePath, at: 1)
        try delete.bind(key.value, at: 2)
        switch key.number {
        case .integer(let integer): try delete.bind(integer, at: 3)
        case .real(let real): try delete.bind(real, at: 3)
        case nil: try delete.bindNull(at: 3)
        }
        while try delete.step() { found(delete.int64(at: 0), delete.int64(at: 1), delete.int64(at: 2)) }
    }

    /// Takes the erased notices off `journal_counts` and records their
    /// numbers as erased runs.
    private func record(_ erased: [NoticeName: [Int64]], bytes: [NoticeName: Int64]) throws {
        let counts = try connection.cachedStatement(Self.addCountsSQL)
        for (name, sequences) in erased {
            defer { counts.reset() }
            try counts.bind(name.rawValue, at: 1)
            try counts.bind(-Int64(sequences.count), at: 2)
            try counts.bind(-(bytes[name] ?? 0), at: 3)
            _ = try counts.step()
        }
        let record = try connection.cachedStatement(
            "INSERT INTO removed_sequences (first, last, erased) VALUES (?, ?, 1)")
        for run in Self.runs(of: erased.values.flatMap { $0 }.sorted()) {
            defer { record.reset() }
            try record.bind(run.lowerBound, at: 1)
            try record.bind(run.upperBound, at: 2)
            _ = try record.step()
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
