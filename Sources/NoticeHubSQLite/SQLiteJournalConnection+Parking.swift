import NoticeHubCore
import NoticeSQLite

/// Durable subscribers' parked notices on SQLite, in `parked_notices`, and
/// the deletion of a subscriber.
extension SQLiteJournalConnection: ParkingJournalConnection {
    func park(_ parked: ParkedNotice) throws {
        try storage {
            let statement = try connection.cachedStatement(
                """
                INSERT INTO parked_notices (subscriber, seq, error, deliveries, parked_at, replay)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (subscriber, seq) DO UPDATE SET error = excluded.error,
                    deliveries = excluded.deliveries, parked_at = excluded.parked_at, replay = excluded.replay
                """)
            defer { statement.reset() }
            try statement.bind(parked.subscriber, at: 1)
            try statement.bind(parked.sequence, at: 2)
            try statement.bind(parked.error, at: 3)
            try statement.bind(Int64(parked.deliveries), at: 4)
            try statement.bind(parked.parkedAtMilliseconds, at: 5)
            try statement.bind(Int64(parked.replayRequested ? 1 : 0), at: 6)
            _ = try statement.step()
        }
    }

    func parkedNotices(of subscriber: String, replayRequestedOnly: Bool) throws -> [ParkedNotice] {
        try storage {
            let statement = try connection.cachedStatement(
                """
                SELECT seq, error, deliveries, parked_at, replay FROM parked_notices
                WHERE subscriber = ? AND replay >= ? ORDER BY seq
                """)
            defer { statement.reset() }
            try statement.bind(subscriber, at: 1)
            try statement.bind(Int64(replayRequestedOnly ? 1 : 0), at: 2)
            var parked: [ParkedNotice] = []
            while try statement.step() {
                parked.append(
                    ParkedNotice(
                        subscriber: subscriber, sequence: statement.int64(at: 0), error: statement.string(at: 1) ?? "",
                        deliveries: Int(statement.int64(at: 2)), parkedAtMilliseconds: statement.int64(at: 3),
                        replayRequested: statement.int64(at: 4) != 0))
            }
            return parked
        }
    }

    func requestReplay(of subscriber: String) throws -> Int {
        try changing("UPDATE parked_notices SET replay = 1 WHERE subscriber = ?", subscriber)
    }

    func removeParked(of subscriber: String, sequences: [Int64]?) throws -> Int {
        guard let sequences else { return try changing("DELETE FROM parked_notices WHERE subscriber = ?", subscriber) }
        var removed = 0
        for sequence in sequences {
            removed += try changing("DELETE FROM parked_notices WHERE subscriber = ? AND seq = ?", subscriber, sequence)
        }
        return removed
    }

    func parkedCounts() throws -> [String: Int] {
        try storage {
            let statement = try connection.cachedStatement(
                "SELECT subscriber, count(*) FROM parked_notices GROUP BY subscriber")
            defer { statement.reset() }
            var counts: [String: Int] = [:]
            while try statement.step() {
                counts[statement.string(at: 0) ?? ""] = Int(statement.int64(at: 1))
            }
            return counts
        }
    }

    func deleteSubscriber(_ subscriber: String) throws -> Bool {
        try storage {
            try connection.transaction(.immediate) {
                _ = try changing("DELETE FROM subscriber_leases WHERE subscriber = ?", subscriber)
                let parked = try changing("DELETE FROM parked_notices WHERE subscriber = ?", subscriber)
                let cursors = try changing("DELETE FROM subscribers WHERE name = ?", subscriber)
                return parked + cursors > 0
            }
        }
    }

    /// Runs `sql` with `subscriber` and, when given, `sequence` bound;
    /// returns how many rows it changed.
    private func changing(_ sql: String, _ subscriber: String, _ sequence: Int64? = nil) throws -> Int {
        try storage {
            let statement = try connection.cachedStatement(sql)
            defer { statement.reset() }
            try statement.bind(subscriber, at: 1)
            if let sequence { try statement.bind(sequence, at: 2) }
            _ = try statement.step()
            return connection.changes
        }
    }
}
