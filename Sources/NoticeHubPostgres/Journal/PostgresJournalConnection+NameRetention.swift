#if Postgres
    import Foundation
    import NoticeHub
    import PostgresNIO

    /// Retention by name: the rules in `retention_rules`, and the notices a rule removes from among the others recorded in `removed_sequences`.
    extension PostgresJournalConnection: NameRetentionJournalConnection {
        /// One statement: deletes the name's batch, takes it off
        /// `journal_counts` and records its numbers as runs.
        func removeNotices(named name: NoticeName, through sequence: Int64, limit: Int) throws -> Int {
            guard isAppending else { throw JournalError.storage("no open append transaction") }
            try start()
            var binds = PostgresBindings()
            binds.append(name.rawValue)
            binds.append(sequence)
            binds.append(Int64(max(0, limit)))
            let rows = try aborting {
                try session.query(
                    Self.removalSQL(
                        deleting: "seq IN (SELECT seq FROM notices WHERE name = $1 AND seq <= $2 ORDER BY seq LIMIT $3)"
                    ),
                    binds
                ).rows
            }
            return Int(try rows.first?.decode(Int64.self) ?? 0)
        }

        /// One statement, as ``removeNotices(named:through:limit:)``, for the
        /// numbers given.
        func removeNotices(named name: NoticeName, sequences: [Int64]) throws -> Int {
            guard isAppending else { throw JournalError.storage("no open append transaction") }
            guard !sequences.isEmpty else { return 0 }
            try start()
            var binds = PostgresBindings()
            binds.append(name.rawValue)
            binds.append(sequences)
            let rows = try aborting {
                try session.query(
                    Self.removalSQL(deleting: "name = $1 AND seq = ANY($2)"), binds
                ).rows
            }
            return Int(try rows.first?.decode(Int64.self) ?? 0)
        }

        /// The one statement that deletes the notices named `$1` that
        /// `condition` selects, takes them off `journal_counts` and records
        /// their numbers as runs in `removed_sequences`; it answers how many
        /// it deleted.
        private static func removalSQL(deleting condition: String) -> String {
            """
            WITH gone AS (
                DELETE FROM notices WHERE \(condition)
                RETURNING seq, octet_length(payload) AS bytes
            ), counted AS (
                UPDATE journal_counts
                   SET notices = notices - (SELECT count(*) FROM gone),
                       payload_bytes = payload_bytes - (SELECT coalesce(sum(bytes), 0) FROM gone)
                 WHERE name = $1
            ), recorded AS (
                INSERT INTO removed_sequences (first, last)
                SELECT min(seq), max(seq)
                  FROM (SELECT seq, seq - row_number() OVER (ORDER BY seq) AS run FROM gone) AS runs
                 GROUP BY run
            )
            SELECT count(*) FROM gone
            """
        }

        func removedNoticeCount(in range: ClosedRange<Int64>) throws -> Int64 {
            var binds = PostgresBindings()
            binds.append(range.lowerBound)
            binds.append(range.upperBound)
            let rows = try session.query(
                """
                SELECT CAST(coalesce(sum(least(last, $2) - greatest(first, $1) + 1), 0) AS bigint)
                  FROM removed_sequences WHERE first <= $2 AND last >= $1
                """, binds
            ).rows
            return try rows.first?.decode(Int64.self) ?? 0
        }

        func removedSequences(overlapping range: ClosedRange<Int64>) throws -> [ClosedRange<Int64>] {
            var binds = PostgresBindings()
            binds.append(range.lowerBound)
            binds.append(range.upperBound)
            let rows = try session.query(
                """
                SELECT greatest(first, $1), least(last, $2) FROM removed_sequences
                 WHERE first <= $2 AND last >= $1 ORDER BY first
                """, binds
            ).rows
            return try rows.map { row in
                let (first, last) = try row.decode((Int64, Int64).self)
                return first...last
            }
        }

        func retentionRules() throws -> [NameRetention] {
            let rows = try session.query(
                """
                SELECT pattern, max_age_ms, max_count, max_bytes, latest_by FROM retention_rules
                 ORDER BY pattern COLLATE "C"
                """,
                PostgresBindings()
            ).rows
            return try rows.map { row in
                let (pattern, age, count, bytes, latestBy) = try row.decode(
                    (String, Int64?, Int64?, Int64?, String?).self)
                return NameRetention(
                    NoticeName(trusted: pattern), maxAge: age.map { .milliseconds($0) }, maxCount: count,
                    maxBytes: bytes, keepingLatestBy: latestBy)
            }
        }

        func setRetentionRules(_ rules: [NameRetention]) throws {
            guard isAppending else { throw JournalError.storage("no open append transaction") }
            try start()
            _ = try aborting { try session.query("DELETE FROM retention_rules", PostgresBindings()) }
            for rule in rules {
                var binds = PostgresBindings()
                binds.append(rule.names.rawValue)
                for limit in [rule.maxAge.map(Self.milliseconds), rule.maxCount, rule.maxBytes] {
                    if let limit { binds.append(limit) } else { binds.appendNull() }
                }
                if let field = rule.keepingLatestBy { binds.append(field) } else { binds.appendNull() }
                _ = try aborting {
                    try session.query(
                        """
                        INSERT INTO retention_rules (pattern, max_age_ms, max_count, max_bytes, latest_by)
                        VALUES ($1, $2, $3, $4, $5)
                        """, binds)
                }
            }
        }

        /// Whole milliseconds of `duration`, as retention limits are kept.
        private static func milliseconds(_ duration: Duration) -> Int64 {
            let (seconds, attoseconds) = duration.components
            return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
        }
    }
#endif
