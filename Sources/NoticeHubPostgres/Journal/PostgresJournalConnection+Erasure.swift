#if Postgres
    import Foundation
    import NoticeHub
    import PostgresNIO

    /// Erasure: the rows deleted in one statement that also takes them off
    /// `journal_counts` and records their numbers as runs marked `erased` in
    /// `removed_sequences`. The server keeps the dead rows' bytes until
    /// vacuum reuses their space.
    extension PostgresJournalConnection: ErasingJournalConnection {
        func eraseNotices(carrying key: ErasureKey, names: NoticeName?) throws -> [NoticeName: [Int64]] {
            guard isAppending else { throw JournalError.storage("no open append transaction") }
            try start()
            let held = try aborting {
                try session.query("SELECT name FROM journal_counts WHERE notices > 0", PostgresBindings()).rows
            }.map { NoticeName(trusted: try $0.decode(String.self)) }
            var erased: [NoticeName: [Int64]] = [:]
            for name in held where names?.matches(name) ?? true {
                let gone = try eraseNotices(named: name, carrying: key)
                if !gone.isEmpty { erased[name] = gone }
            }
            return erased
        }

        /// One statement: erases the notices named `name` that carry `key`;
        /// returns their numbers, in order.
        private func eraseNotices(named name: NoticeName, carrying key: ErasureKey) throws -> [Int64] {
            var binds = PostgresBindings()
            binds.append(name.rawValue)
            binds.append(key.field)
            binds.append(key.value)
            if key.number != nil { binds.append(key.value) } else { binds.appendNull() }
            // jsonb equality: a string or number member equals only a string
            // or number of the same value, never an object, array or boolean.
            let rows = try aborting {
                try session.query(
                    """
                    WITH gone AS (
                        DELETE FROM notices
                         WHERE name = $1
                           AND (payload::jsonb -> $2) IN (to_jsonb($3::text), to_jsonb($4::text::numeric))
                        RETURNING seq, octet_length(payload) AS bytes
                    ), counted AS (
                        UPDATE journal_counts
                           SET notices = notices - (SELECT count(*) FROM gone),
                               payload_bytes = payload_bytes - (SELECT coalesce(sum(bytes), 0) FROM gone)
                         WHERE name = $1
                    ), recorded AS (
                        INSERT INTO removed_sequences (first, last, erased)
                        SELECT min(seq), max(seq), true
                          FROM (SELECT seq, seq - row_number() OVER (ORDER BY seq) AS run FROM gone) AS runs
                         GROUP BY run
                    )
                    SELECT seq FROM gone ORDER BY seq
                    """, binds
                ).rows
            }
            return try rows.map { try $0.decode(Int64.self) }
        }

        func erasedNoticeCount(in range: ClosedRange<Int64>) throws -> Int64 {
            var binds = PostgresBindings()
            binds.append(range.lowerBound)
            binds.append(range.upperBound)
            let rows = try session.query(
                """
                SELECT CAST(coalesce(sum(least(last, $2) - greatest(first, $1) + 1), 0) AS bigint)
                  FROM removed_sequences WHERE first <= $2 AND last >= $1 AND erased
                """, binds
            ).rows
            return try rows.first?.decode(Int64.self) ?? 0
        }
    }
#endif
