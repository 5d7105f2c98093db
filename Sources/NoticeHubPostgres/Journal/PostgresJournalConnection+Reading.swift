#if Postgres
    import Foundation
    import NoticeHub
    import PostgresNIO

    /// Reads, counts and cursors, outside the append transaction or inside it.
    extension PostgresJournalConnection {
        /// Inside an append transaction, the head as the transaction has it
        /// (locked, so that no other writer moves it meanwhile, as SQLite's
        /// write lock would); outside one, the last committed sequence number.
        func lastSequence() throws -> Int64 {
            if isOpen {
                try start()
                return nextSequence - 1
            }
            return try committedHead()
        }

        /// The head's last sequence: it moves with every commit that appends.
        func changeCounter() throws -> Int64 {
            try committedHead()
        }

        func committedHead() throws -> Int64 {
            try session.query("SELECT last_seq FROM journal_head WHERE id = 1").rows.first?
                .makeRandomAccess()[0].decode(Int64.self) ?? 0
        }

        /// Rows per statement when reading: a page is collected whole before
        /// `body` sees it, so this bounds the memory a long read takes.
        static let pageSize = 512

        func read(_ query: JournalQuery, _ body: (Notice) throws -> Bool) throws {
            var decoder = PostgresRowDecoder(checksRows: query.checksRows)
            var next = query.from
            var left = query.limit.map { max(0, $0) } ?? Int.max
            // Patterns are narrowed in SQL and matched below, where `left` counts.
            let patterns = query.patternFilter
            let filter = NoticeFilter(query, firstParameter: 4)
            let conditions = " FROM notices WHERE seq >= $1 AND seq <= $2" + filter.sql + " ORDER BY seq LIMIT $3"
            let sql = "SELECT \(PostgresRowDecoder.columns)" + conditions
            // The first page carries the first retained sequence, read in the
            // rows' own snapshot: a trim committed before it shows, one after
            // it removed nothing this read could have returned.
            let firstPageSQL =
                "SELECT \(PostgresRowDecoder.columns), (SELECT value FROM journal_marks WHERE mark = 'first_retained')"
                + conditions
            var startChecked = query.includesTrimmed
            while left > 0 {
                // A page of patterns' rows may hold few matches: read it whole.
                let page = patterns == nil ? min(left, Self.pageSize) : Self.pageSize
                var binds = PostgresBindings(capacity: 3 + filter.count)
                binds.append(next)
                binds.append(query.through ?? Int64.max)
                binds.append(Int64(page))
                filter.bind(to: &binds)
                let rows = try session.query(startChecked ? sql : firstPageSQL, binds).rows
                if !startChecked {
                    let first: Int64? =
                        if let row = rows.first {
                            try row.makeRandomAccess()[PostgresRowDecoder.columnCount].decode(Int64?.self)
                        } else {
                            try mark(.firstRetained)
                        }
                    if let first, query.from < first {
                        throw JournalError.trimmed(from: query.from, firstRetained: first)
                    }
                    startChecked = true
                }
                for row in rows {
                    let notice = try decoder.notice(from: row, isReplay: query.markedAsReplay)
                    next = (notice.sequence ?? next) + 1
                    if let patterns, !patterns.admits(notice.name) { continue }
                    guard try body(notice) else { return }
                    left -= 1
                    if left == 0 { return }
                }
                if rows.count < page { return }
            }
        }

        /// Reads `journal_counts` and the ends of the journal (each one probe
        /// of the primary key), never the notices between.
        func statistics() throws -> JournalStatistics {
            try readState { _ in
                var byName: [JournalStatistics.NameCount] = []
                var count = 0
                let names = try session.query(
                    "SELECT name, notices FROM journal_counts WHERE notices > 0 ORDER BY name")
                for row in names.rows {
                    let (name, notices) = try row.decode((String, Int64).self)
                    byName.append(.init(name: name, count: Int(notices)))
                    count += Int(notices)
                }
                let bounds = try session.query(
                    """
                    SELECT (SELECT min(seq) FROM notices), (SELECT max(seq) FROM notices),
                           (SELECT posted_at FROM notices ORDER BY seq LIMIT 1),
                           (SELECT posted_at FROM notices ORDER BY seq DESC LIMIT 1)
                    """
                ).rows[0]
                let (first, last, firstAt, lastAt) = try bounds.decode((Int64?, Int64?, Int64?, Int64?).self)
                var subscribers: [JournalStatistics.SubscriberLag] = []
                for row in try session.query("SELECT name, cursor FROM subscribers ORDER BY name").rows {
                    let (name, cursor) = try row.decode((String, Int64).self)
                    subscribers.append(.init(name: name, cursor: cursor, lag: max(0, (last ?? 0) - cursor)))
                }
                let version = try session.query("SELECT coalesce(max(version), 0) FROM \(PostgresSchema.versionTable)")
                    .rows[0].decode(Int32.self)
                return JournalStatistics(
                    notices: count, byName: byName, firstSequence: first, lastSequence: last,
                    firstPostedAt: firstAt, lastPostedAt: lastAt, fileSize: nil, schemaVersion: Int(version),
                    subscribers: subscribers)
            }
        }

        /// What breaks the journal's own invariants: the head agrees with the
        /// last row, and sequence numbers run from the first retained one
        /// (``JournalMark/firstRetained``) to the last without a gap but for
        /// the numbers the journal removed itself (`removed_sequences`: rules
        /// by name and erasures). Rows below the first retained one, left by
        /// a trim cut short, are no gap.
        func integrityProblems() throws -> [String] {
            let row = try session.query(
                """
                WITH start AS (
                    SELECT coalesce((SELECT value FROM journal_marks WHERE mark = 'first_retained'), 1) AS first
                ), kept AS (
                    SELECT count(*) FILTER (WHERE seq >= start.first) AS rows, coalesce(max(seq), 0) AS last
                      FROM notices, start
                )
                SELECT (SELECT last_seq FROM journal_head WHERE id = 1), kept.rows, start.first, kept.last,
                       (SELECT CAST(coalesce(sum(least(r.last, kept.last) - greatest(r.first, start.first) + 1), 0)
                                    AS bigint)
                          FROM removed_sequences AS r WHERE r.first <= kept.last AND r.last >= start.first)
                  FROM start, kept
                """
            ).rows[0]
            let (head, count, first, last, removed) = try row.decode((Int64?, Int64, Int64, Int64, Int64).self)
            var problems: [String] = []
            guard let head else { return ["journal_head has no row"] }
            if head != last {
                problems.append("journal_head says the last sequence is \(head), the last row is #\(last)")
            }
            if last > 0, count + removed != last - first + 1 {
                problems.append(
                    "sequence numbers have gaps: \(count) rows and \(removed) numbers the journal removed "
                        + "from #\(first) to #\(last)")
            }
            return problems
        }

        func cursor(of subscriber: String) throws -> Int64? {
            var binds = PostgresBindings()
            binds.append(subscriber)
            return try session.query("SELECT cursor FROM subscribers WHERE name = $1", binds).rows.first?
                .makeRandomAccess()[0].decode(Int64.self)
        }

        func saveCursor(_ cursor: Int64, of subscriber: String) throws {
            var binds = PostgresBindings(capacity: 3)
            binds.append(subscriber)
            binds.append(cursor)
            binds.append(Int64((Date().timeIntervalSince1970 * 1000).rounded()))
            // Returns once committed, so a reader on another session sees it.
            _ = try session.queryCommitting(
                """
                INSERT INTO subscribers (name, cursor, updated_at) VALUES ($1, $2, $3)
                ON CONFLICT (name) DO UPDATE SET cursor = excluded.cursor, updated_at = excluded.updated_at
                """, binds)
        }
    }
#endif
