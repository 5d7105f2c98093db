import NoticeSQLite
import NoticeHubCore

/// Retention by name on SQLite: the rules in `retention_rules`, and the
/// notices a rule removes from among the others recorded as runs of
/// sequence numbers in `removed_sequences`.
extension SQLiteJournalConnection: NameRetentionJournalConnection {
    func removeNotices(named name: NoticeName, through sequence: Int64, limit: Int) throws -> Int {
        let oldest: [Int64] = try storage {
            // The name's oldest notices through `sequence`, by its index.
            let statement = try connection.cachedStatement(
                """
                SELECT seq FROM notices WHERE name_code = (SELECT code FROM notice_names WHERE name = ?)
                   AND seq <= ? ORDER BY seq LIMIT ?
                """)
            defer { statement.reset() }
            try statement.bind(name.rawValue, at: 1)
            try statement.bind(sequence, at: 2)
            try statement.bind(Int64(max(0, limit)), at: 3)
            var found: [Int64] = []
            while try statement.step() { found.append(statement.int64(at: 0)) }
            return found
        }
        return try removeNotices(named: name, sequences: oldest)
    }

    func removeNotices(named name: NoticeName, sequences: [Int64]) throws -> Int {
        try storage {
            let delete = try connection.cachedStatement(
                """
                DELETE FROM notices WHERE seq = ? AND name_code = (SELECT code FROM notice_names WHERE name = ?)
                RETURNING length(CAST(payload AS BLOB))
                """)
            var removed: [Int64] = []
            var bytes: Int64 = 0
            for sequence in sequences.sorted() {
                defer { delete.reset() }
                try delete.bind(sequence, at: 1)
                try delete.bind(name.rawValue, at: 2)
                guard try delete.step() else { continue }
                removed.append(sequence)
                bytes += delete.int64(at: 0)
                // One row at most (seq is the key); the statement ends at the next step.
                _ = try delete.step()
            }
            guard !removed.isEmpty else { return 0 }
            let counts = try connection.cachedStatement(Self.addCountsSQL)
            defer { counts.reset() }
            try counts.bind(name.rawValue, at: 1)
            try counts.bind(-Int64(removed.count), at: 2)
            try counts.bind(-bytes, at: 3)
            _ = try counts.step()
            let record = try connection.cachedStatement("INSERT INTO removed_sequences (first, last) VALUES (?, ?)")
            for run in Self.runs(of: removed) {
                defer { record.reset() }
                try record.bind(run.lowerBound, at: 1)
                try record.bind(run.upperBound, at: 2)
                _ = try record.step()
            }
            return removed.count
        }
    }

    /// `sorted` as runs of consecutive numbers.
    static func runs(of sorted: [Int64]) -> [ClosedRange<Int64>] {
        var runs: [ClosedRange<Int64>] = []
        for number in sorted {
            if let run = runs.last, run.upperBound + 1 == number {
                runs[runs.count - 1] = run.lowerBound...number
            } else {
                runs.append(number...number)
            }
        }
        return runs
    }

    func removedNoticeCount(in range: ClosedRange<Int64>) throws -> Int64 {
        try storage {
            let statement = try connection.cachedStatement(
                """
                SELECT coalesce(sum(min(last, ?2) - max(first, ?1) + 1), 0) FROM removed_sequences
                WHERE first <= ?2 AND last >= ?1
                """)
            defer { statement.reset() }
            try statement.bind(range.lowerBound, at: 1)
            try statement.bind(range.upperBound, at: 2)
            _ = try statement.step()
            return statement.int64(at: 0)
        }
    }

    func removedSequences(overlapping range: ClosedRange<Int64>) throws -> [ClosedRange<Int64>] {
        try storage {
            let statement = try connection.cachedStatement(
                """
                SELECT max(first, ?1), min(last, ?2) FROM removed_sequences
                WHERE first <= ?2 AND last >= ?1 ORDER BY first
                """)
            defer { statement.reset() }
            try statement.bind(range.lowerBound, at: 1)
            try statement.bind(range.upperBound, at: 2)
            var runs: [ClosedRange<Int64>] = []
            while try statement.step() { runs.append(statement.int64(at: 0)...statement.int64(at: 1)) }
            return runs
        }
    }

    /// Drops the runs a trim through `sequence` leaves below the journal.
    func forgetRemovedSequences(through sequence: Int64) throws {
        let forget = try connection.cachedStatement("DELETE FROM removed_sequences WHERE first <= ? AND last <= ?")
        defer { forget.reset() }
        try forget.bind(sequence, at: 1)
        try forget.bind(sequence, at: 2)
        _ = try forget.step()
    }

    func retentionRules() throws -> [NameRetention] {
        try storage {
            let statement = try connection.prepare(
                "SELECT pattern, max_age_ms, max_count, max_bytes, latest_by FROM retention_rules ORDER BY pattern")
            var rules: [NameRetention] = []
            while try statement.step() {
                func optional(_ column: Int32) -> Int64? {
                    statement.isNull(at: column) ? nil : statement.int64(at: column)
                }
                rules.append(
                    NameRetention(
                        NoticeName(trusted: statement.string(at: 0) ?? ""),
                        maxAge: optional(1).map { .milliseconds($0) }, maxCount: optional(2), maxBytes: optional(3),
                        keepingLatestBy: statement.string(at: 4)))
            }
            return rules
        }
    }

    func setRetentionRules(_ rules: [NameRetention]) throws {
        try storage {
            try connection.execute("DELETE FROM retention_rules")
            let insert = try connection.prepare(
                """
                INSERT INTO retention_rules (pattern, max_age_ms, max_count, max_bytes, latest_by)
                VALUES (?, ?, ?, ?, ?)
                """)
            for rule in rules {
                defer { insert.reset() }
                try insert.bind(rule.names.rawValue, at: 1)
                try insert.bind(rule.maxAge.map(HubJournal.milliseconds), at: 2)
                try insert.bind(rule.maxCount, at: 3)
                try insert.bind(rule.maxBytes, at: 4)
                try insert.bindText(rule.keepingLatestBy, at: 5)
                _ = try insert.step()
            }
        }
    }
}
