import NoticeHubCore
import NoticeSQLite

/// Durable subscribers run by groups, on SQLite: the mark in `subscribers`,
/// the leases in `subscriber_leases`. Lease times are this host's clock,
/// the only one an SQLite journal's processes share.
extension SQLiteJournalConnection: SubscriberGroupJournalConnection {
    func markGroup(_ subscriber: String) throws {
        try storage {
            let statement = try connection.cachedStatement(
                """
                INSERT INTO subscribers (name, cursor, updated_at, grouped) VALUES (?, 0, ?, 1)
                ON CONFLICT (name) DO UPDATE SET grouped = 1
                """)
            defer { statement.reset() }
            try statement.bind(subscriber, at: 1)
            try statement.bind(WallClock.nowMilliseconds(), at: 2)
            _ = try statement.step()
        }
    }

    func isGroup(_ subscriber: String) throws -> Bool {
        try storage {
            let statement = try connection.cachedStatement("SELECT grouped FROM subscribers WHERE name = ?")
            defer { statement.reset() }
            try statement.bind(subscriber, at: 1)
            return try statement.step() && statement.int64(at: 0) != 0
        }
    }

    func lease(
        _ sequences: [Int64], of subscriber: String, to member: String, for lease: Duration,
        movingCursorFrom cursor: Int64, to newCursor: Int64
    ) throws -> Bool {
        let now = WallClock.nowMilliseconds()
        return try storage {
            try connection.transaction(.immediate) {
                let move = try connection.cachedStatement(
                    "UPDATE subscribers SET cursor = ?, updated_at = ? WHERE name = ? AND cursor = ?")
                defer { move.reset() }
                try move.bind(newCursor, at: 1)
                try move.bind(now, at: 2)
                try move.bind(subscriber, at: 3)
                try move.bind(cursor, at: 4)
                _ = try move.step()
                guard connection.changes == 1 else { return false }
                let insert = try connection.cachedStatement(
                    """
                    INSERT INTO subscriber_leases (subscriber, seq, member, expires_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (subscriber, seq) DO UPDATE SET member = excluded.member,
                        expires_at = excluded.expires_at, takes = subscriber_leases.takes + 1
                    """)
                for sequence in sequences {
                    defer { insert.reset() }
                    try insert.bind(subscriber, at: 1)
                    try insert.bind(sequence, at: 2)
                    try insert.bind(member, at: 3)
                    try insert.bind(now + lease.wholeMilliseconds, at: 4)
                    _ = try insert.step()
                }
                return true
            }
        }
    }

    func takeExpiredLeases(of subscriber: String, to member: String, for lease: Duration, limit: Int) throws
        -> [(sequence: Int64, takes: Int)]
    {
        let now = WallClock.nowMilliseconds()
        return try storage {
            let statement = try connection.cachedStatement(
                """
                UPDATE subscriber_leases SET member = ?, expires_at = ?, takes = takes + 1
                WHERE subscriber = ? AND seq IN (
                    SELECT seq FROM subscriber_leases WHERE subscriber = ? AND expires_at <= ? ORDER BY seq LIMIT ?)
                RETURNING seq, takes
                """)
            defer { statement.reset() }
            try statement.bind(member, at: 1)
            try statement.bind(now + lease.wholeMilliseconds, at: 2)
            try statement.bind(subscriber, at: 3)
            try statement.bind(subscriber, at: 4)
            try statement.bind(now, at: 5)
            try statement.bind(Int64(limit), at: 6)
            var taken: [(sequence: Int64, takes: Int)] = []
            while try statement.step() { taken.append((statement.int64(at: 0), Int(statement.int64(at: 1)))) }
            return taken.sorted { $0.sequence < $1.sequence }
        }
    }

    func endLeases(_ sequences: [Int64], of subscriber: String, member: String) throws {
        try eachLease(
            sequences, of: subscriber, member: member,
            "DELETE FROM subscriber_leases WHERE subscriber = ? AND member = ? AND seq = ?")
    }

    func extendLeases(_ sequences: [Int64], of subscriber: String, member: String, by duration: Duration) throws {
        try eachLease(
            sequences, of: subscriber, member: member,
            "UPDATE subscriber_leases SET expires_at = ? WHERE subscriber = ? AND member = ? AND seq = ?",
            expiring: WallClock.nowMilliseconds() + duration.wholeMilliseconds)
    }

    func takeReplay(of subscriber: String, sequence: Int64) throws -> Bool {
        try storage {
            let statement = try connection.cachedStatement(
                "UPDATE parked_notices SET replay = 0 WHERE subscriber = ? AND seq = ? AND replay = 1")
            defer { statement.reset() }
            try statement.bind(subscriber, at: 1)
            try statement.bind(sequence, at: 2)
            _ = try statement.step()
            return connection.changes == 1
        }
    }

    func leaseCounts(of subscriber: String) throws -> [String: Int] {
        try storage {
            let statement = try connection.cachedStatement(
                "SELECT member, count(*) FROM subscriber_leases WHERE subscriber = ? GROUP BY member")
            defer { statement.reset() }
            try statement.bind(subscriber, at: 1)
            var counts: [String: Int] = [:]
            while try statement.step() { counts[statement.string(at: 0) ?? ""] = Int(statement.int64(at: 1)) }
            return counts
        }
    }

    /// Runs `sql` for each of `member`'s leases numbered `sequences`, in one
    /// transaction, with the expiry bound first when given.
    private func eachLease(
        _ sequences: [Int64], of subscriber: String, member: String, _ sql: String, expiring: Int64? = nil
    ) throws {
        guard !sequences.isEmpty else { return }
        try storage {
            try connection.transaction(.immediate) {
                let statement = try connection.cachedStatement(sql)
                let first: Int32 = expiring == nil ? 1 : 2
                for sequence in sequences {
                    defer { statement.reset() }
                    if let expiring { try statement.bind(expiring, at: 1) }
                    try statement.bind(subscriber, at: first)
                    try statement.bind(member, at: first + 1)
                    try statement.bind(sequence, at: first + 2)
                    _ = try statement.step()
                }
            }
        }
    }
}
