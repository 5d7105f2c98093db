#if Postgres
    import Foundation
    import NoticeHub
    import PostgresNIO

    /// Durable subscribers run by groups, on PostgreSQL: the mark in
    /// `subscribers`, the leases in `subscriber_leases`. Lease times are the
    /// server's clock, so that members on hosts whose clocks disagree agree
    /// on when a lease runs out. Each statement commits by itself.
    extension PostgresJournalConnection: SubscriberGroupJournalConnection {
        /// The server's time in milliseconds since 1970, in SQL.
        private static let serverNow = "(extract(epoch FROM clock_timestamp()) * 1000)::bigint"

        func markGroup(_ subscriber: String) throws {
            var binds = PostgresBindings(capacity: 2)
            binds.append(subscriber)
            binds.append(WallClock.nowMilliseconds())
            _ = try session.queryCommitting(
                """
                INSERT INTO subscribers (name, cursor, updated_at, grouped) VALUES ($1, 0, $2, true)
                ON CONFLICT (name) DO UPDATE SET grouped = true
                """, binds)
        }

        func isGroup(_ subscriber: String) throws -> Bool {
            var binds = PostgresBindings()
            binds.append(subscriber)
            return try session.query("SELECT grouped FROM subscribers WHERE name = $1", binds).rows.first?
                .decode(Bool.self) ?? false
        }

        /// One statement: the leases are written only if the cursor moved.
        func lease(
            _ sequences: [Int64], of subscriber: String, to member: String, for lease: Duration,
            movingCursorFrom cursor: Int64, to newCursor: Int64
        ) throws -> Bool {
            var binds = PostgresBindings(capacity: 7)
            binds.append(subscriber)
            binds.append(member)
            binds.append(lease.wholeMilliseconds)
            binds.append(cursor)
            binds.append(newCursor)
            binds.append(WallClock.nowMilliseconds())
            binds.append(sequences)
            return try session.queryCommitting(
                """
                WITH moved AS (
                    UPDATE subscribers SET cursor = $5, updated_at = $6 WHERE name = $1 AND cursor = $4 RETURNING 1
                ), leased AS (
                    INSERT INTO subscriber_leases (subscriber, seq, member, expires_at)
                    SELECT $1, seq, $2, \(Self.serverNow) + $3 FROM unnest($7::bigint[]) AS seq
                    WHERE EXISTS (SELECT 1 FROM moved)
                    ON CONFLICT (subscriber, seq) DO UPDATE SET member = excluded.member,
                        expires_at = excluded.expires_at, takes = subscriber_leases.takes + 1
                    RETURNING 1
                )
                SELECT 1 FROM moved
                """, binds
            ).rows.count == 1
        }

        func takeExpiredLeases(of subscriber: String, to member: String, for lease: Duration, limit: Int) throws
            -> [(sequence: Int64, takes: Int)]
        {
            var binds = PostgresBindings(capacity: 4)
            binds.append(subscriber)
            binds.append(member)
            binds.append(lease.wholeMilliseconds)
            binds.append(Int64(limit))
            let rows = try session.queryCommitting(
                """
                UPDATE subscriber_leases SET member = $2, expires_at = \(Self.serverNow) + $3, takes = takes + 1
                WHERE subscriber = $1 AND seq IN (
                    SELECT seq FROM subscriber_leases WHERE subscriber = $1 AND expires_at <= \(Self.serverNow)
                    ORDER BY seq LIMIT $4 FOR UPDATE SKIP LOCKED)
                RETURNING seq, takes
                """, binds
            ).rows
            return try rows.map { row in
                let (sequence, takes) = try row.decode((Int64, Int32).self)
                return (sequence, Int(takes))
            }.sorted { $0.sequence < $1.sequence }
        }

        func endLeases(_ sequences: [Int64], of subscriber: String, member: String) throws {
            try eachLease(
                sequences, of: subscriber, member: member,
                "DELETE FROM subscriber_leases WHERE subscriber = $1 AND member = $2 AND seq = ANY($3)")
        }

        func extendLeases(_ sequences: [Int64], of subscriber: String, member: String, by duration: Duration)
            throws
        {
            try eachLease(
                sequences, of: subscriber, member: member,
                "UPDATE subscriber_leases SET expires_at = \(Self.serverNow) + $4 "
                    + "WHERE subscriber = $1 AND member = $2 AND seq = ANY($3)",
                expiring: duration)
        }

        func takeReplay(of subscriber: String, sequence: Int64) throws -> Bool {
            var binds = PostgresBindings(capacity: 2)
            binds.append(subscriber)
            binds.append(sequence)
            return try session.queryCommitting(
                "UPDATE parked_notices SET replay = false WHERE subscriber = $1 AND seq = $2 AND replay RETURNING 1",
                binds
            ).rows.count == 1
        }

        func leaseCounts(of subscriber: String) throws -> [String: Int] {
            var binds = PostgresBindings()
            binds.append(subscriber)
            let rows = try session.query(
                "SELECT member, count(*) FROM subscriber_leases WHERE subscriber = $1 GROUP BY member", binds
            ).rows
            var counts: [String: Int] = [:]
            for row in rows {
                let (member, count) = try row.decode((String, Int64).self)
                counts[member] = Int(count)
            }
            return counts
        }

        /// Runs `sql` on `member`'s leases numbered `sequences`, with a lease's
        /// length in milliseconds as `$4` when given.
        private func eachLease(
            _ sequences: [Int64], of subscriber: String, member: String, _ sql: String, expiring: Duration? = nil
        ) throws {
            guard !sequences.isEmpty else { return }
            var binds = PostgresBindings(capacity: 4)
            binds.append(subscriber)
            binds.append(member)
            binds.append(sequences)
            if let expiring { binds.append(expiring.wholeMilliseconds) }
            _ = try session.queryCommitting(sql, binds)
        }
    }
#endif
