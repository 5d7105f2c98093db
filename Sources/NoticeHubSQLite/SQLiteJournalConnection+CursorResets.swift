import NoticeHubCore
import NoticeSQLite

/// Durable subscribers' cursors with their reset counts, in `subscribers`.
extension SQLiteJournalConnection: CursorResettingJournalConnection {
    func cursorAndResets(of subscriber: String) throws -> (cursor: Int64, resets: Int64)? {
        try storage {
            let statement = try connection.cachedStatement("SELECT cursor, resets FROM subscribers WHERE name = ?")
            defer { statement.reset() }
            try statement.bind(subscriber, at: 1)
            return try statement.step() ? (statement.int64(at: 0), statement.int64(at: 1)) : nil
        }
    }

    func saveCursor(_ cursor: Int64, of subscriber: String, ifResets resets: Int64) throws -> Bool {
        try storage {
            let statement = try connection.cachedStatement(
                """
                INSERT INTO subscribers (name, cursor, updated_at) VALUES (?, ?, ?)
                ON CONFLICT (name) DO UPDATE SET cursor = excluded.cursor, updated_at = excluded.updated_at
                WHERE subscribers.resets = ?
                """)
            defer { statement.reset() }
            try statement.bind(subscriber, at: 1)
            try statement.bind(cursor, at: 2)
            try statement.bind(WallClock.nowMilliseconds(), at: 3)
            try statement.bind(resets, at: 4)
            _ = try statement.step()
            return connection.changes == 1
        }
    }

    func resetCursor(_ cursor: Int64, of subscriber: String) throws {
        try storage {
            let statement = try connection.cachedStatement(
                """
                INSERT INTO subscribers (name, cursor, updated_at, resets) VALUES (?, ?, ?, 1)
                ON CONFLICT (name) DO UPDATE SET cursor = excluded.cursor, updated_at = excluded.updated_at,
                    resets = subscribers.resets + 1
                """)
            defer { statement.reset() }
            try statement.bind(subscriber, at: 1)
            try statement.bind(cursor, at: 2)
            try statement.bind(WallClock.nowMilliseconds(), at: 3)
            _ = try statement.step()
        }
    }
}
