#if Postgres
    import NoticeHub
    import PostgresNIO

    /// Durable subscribers' parked notices on PostgreSQL, in `parked_notices`,
    /// and the deletion of a subscriber. Each statement commits by itself,
    /// as a cursor's save does.
    extension PostgresJournalConnection: ParkingJournalConnection {
        func park(_ parked: ParkedNotice) throws {
            var binds = PostgresBindings(capacity: 6)
            binds.append(parked.subscriber)
            binds.append(parked.sequence)
            binds.append(parked.error)
            binds.append(Int32(clamping: parked.deliveries))
            binds.append(parked.parkedAtMilliseconds)
            binds.append(parked.replayRequested)
            _ = try session.queryCommitting(
                """
                INSERT INTO parked_notices (subscriber, seq, error, deliveries, parked_at, replay)
                VALUES ($1, $2, $3, $4, $5, $6)
                ON CONFLICT (subscriber, seq) DO UPDATE SET error = excluded.error,
                    deliveries = excluded.deliveries, parked_at = excluded.parked_at, replay = excluded.replay
                """, binds)
        }

        func parkedNotices(of subscriber: String, replayRequestedOnly: Bool) throws -> [ParkedNotice] {
            var binds = PostgresBindings(capacity: 2)
            binds.append(subscriber)
            binds.append(replayRequestedOnly)
            let rows = try session.query(
                """
                SELECT seq, error, deliveries, parked_at, replay FROM parked_notices
                WHERE subscriber = $1 AND (replay OR NOT $2) ORDER BY seq
                """, binds
            ).rows
            return try rows.map { row in
                let (sequence, error, deliveries, parkedAt, replay) = try row.decode(
                    (Int64, String, Int32, Int64, Bool).self)
                return ParkedNotice(
                    subscriber: subscriber, sequence: sequence, error: error, deliveries: Int(deliveries),
                    parkedAtMilliseconds: parkedAt, replayRequested: replay)
            }
        }

        func requestReplay(of subscriber: String) throws -> Int {
            try counting("UPDATE parked_notices SET replay = true WHERE subscriber = $1 RETURNING 1", subscriber)
        }

        func removeParked(of subscriber: String, sequences: [Int64]?) throws -> Int {
            guard let sequences else {
                return try counting("DELETE FROM parked_notices WHERE subscriber = $1 RETURNING 1", subscriber)
            }
            return try counting(
                "DELETE FROM parked_notices WHERE subscriber = $1 AND seq = ANY($2) RETURNING 1", subscriber, sequences)
        }

        func parkedCounts() throws -> [String: Int] {
            let rows = try session.query("SELECT subscriber, count(*) FROM parked_notices GROUP BY subscriber").rows
            var counts: [String: Int] = [:]
            for row in rows {
                let (subscriber, count) = try row.decode((String, Int64).self)
                counts[subscriber] = Int(count)
            }
            return counts
        }

        /// One statement, so the cursor and the parked notices go together.
        func deleteSubscriber(_ subscriber: String) throws -> Bool {
            try counting(
                """
                WITH leases AS (DELETE FROM subscriber_leases WHERE subscriber = $1),
                     parked AS (DELETE FROM parked_notices WHERE subscriber = $1 RETURNING 1),
                     cursor AS (DELETE FROM subscribers WHERE name = $1 RETURNING 1)
                SELECT 1 FROM parked UNION ALL SELECT 1 FROM cursor
                """, subscriber) > 0
        }

        /// Runs `sql`, which returns a row per row it changed, with
        /// `subscriber` and, when given, `sequences` bound; returns how many
        /// rows it changed once committed.
        private func counting(_ sql: String, _ subscriber: String, _ sequences: [Int64]? = nil) throws -> Int {
            var binds = PostgresBindings(capacity: 2)
            binds.append(subscriber)
            if let sequences { binds.append(sequences) }
            return try session.queryCommitting(sql, binds).rows.count
        }
    }
#endif
