#if Postgres
    import Foundation
    import NoticeHub
    import PostgresNIO

    /// Marks and trims: `journal_marks`, and the oldest notices removed in batches.
    extension PostgresJournalConnection: TrimmingJournalConnection {
        func mark(_ mark: JournalMark) throws -> Int64? {
            var binds = PostgresBindings()
            binds.append(mark.rawValue)
            let rows = try session.query("SELECT value FROM journal_marks WHERE mark = $1", binds).rows
            return try rows.first?.decode(Int64.self)
        }

        func setMark(_ mark: JournalMark, to value: Int64?) throws {
            guard isAppending else { throw JournalError.storage("no open append transaction") }
            try start()
            var binds = PostgresBindings()
            binds.append(mark.rawValue)
            if let value { binds.append(value) }
            _ = try aborting {
                try session.query(
                    value == nil
                        ? "DELETE FROM journal_marks WHERE mark = $1"
                        : """
                        INSERT INTO journal_marks (mark, value) VALUES ($1, $2)
                        ON CONFLICT (mark) DO UPDATE SET value = excluded.value
                        """, binds)
            }
        }

        /// One statement: deletes the batch and takes it off `journal_counts`.
        func removeNotices(through sequence: Int64, limit: Int) throws -> Int {
            guard isAppending else { throw JournalError.storage("no open append transaction") }
            try start()
            var binds = PostgresBindings()
            binds.append(sequence)
            binds.append(Int64(max(0, limit)))
            let rows = try aborting {
                try session.query(
                    """
                    WITH gone AS (
                        DELETE FROM notices
                        WHERE seq IN (SELECT seq FROM notices WHERE seq <= $1 ORDER BY seq LIMIT $2)
                        RETURNING name, octet_length(payload) AS bytes
                    ), by_name AS (
                        SELECT name, count(*) AS notices, sum(bytes) AS bytes FROM gone GROUP BY name
                    ), counted AS (
                        UPDATE journal_counts AS counts
                           SET notices = counts.notices - by_name.notices,
                               payload_bytes = counts.payload_bytes - by_name.bytes
                          FROM by_name WHERE counts.name = by_name.name
                    ), forgotten AS (
                        DELETE FROM removed_sequences WHERE first <= $1 AND last <= $1
                    )
                    SELECT count(*) FROM gone
                    """, binds
                ).rows
            }
            return Int(try rows.first?.decode(Int64.self) ?? 0)
        }
    }
#endif
