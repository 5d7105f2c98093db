#if Postgres
    import Foundation
    import NoticeHub
    import PostgresNIO

    /// Erasure: the rows deleted in one statement that also takes them off
    /// `journal_counts` and records their numbers as runs marked `erased` in
    /// `removed_sequences`. The server keeps the dead rows' bytes until
    /// vacuum reuses their space.
    extension PostgresJournalConnection: ErasingJournalConnection {
        /// One statement over the names matched, whose notices the server
        /// finds by its index on names or by reading the table, as it judges.
        func eraseNotices(carrying key: ErasureKey, names: NoticeName?) throws -> [NoticeName: [Int64]] {
            guard isAppending else { throw JournalError.storage("no open append transaction") }
            try start()
            let matched = try aborting {
                try session.query("SELECT name FROM journal_counts WHERE notices > 0", PostgresBindings()).rows
            }.map { try $0.decode(String.self) }.filter { names?.matches(NoticeName(trusted: $0)) ?? true }
            guard !matched.isEmpty else { return [:] }
            var binds = PostgresBindings()
            binds.append(matched)
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
                         WHERE name = ANY($1)
                           AND (payload::jsonb -> $2) IN (to_jsonb($3::text), to_jsonb($4::text::numeric))
                        RETURNING seq, name, octet_length(payload) AS bytes
                    ), by_name AS (
                        SELECT name, count(*) AS notices, sum(bytes) AS bytes FROM gone GROUP BY name
                    ), counted AS (
                        UPDATE journal_counts AS counts
                           SET notices = counts.notices - by_name.notices,
                               payload_bytes = counts.payload_bytes - by_name.bytes
                          FROM by_name WHERE counts.name = by_name.name
                    ), recorded AS (
                        INSERT INTO removed_sequences (first, last, erased)
                        SELECT min(seq), max(seq), true
                          FROM (SELECT seq, seq - row_number() OVER (ORDER BY seq) AS run FROM gone) AS runs
                         GROUP BY run
                    )
                    SELECT seq, name FROM gone ORDER BY seq
                    """, binds
                ).rows
            }
            var erased: [NoticeName: [Int64]] = [:]
            for row in rows {
                let (sequence, name) = try row.decode((Int64, String).self)
                erased[NoticeName(trusted: name), default: []].append(sequence)
            }
            return erased
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
