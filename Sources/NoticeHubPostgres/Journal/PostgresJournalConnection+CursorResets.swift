#if Postgres
    import Foundation
    import NoticeHub
    import PostgresNIO

    /// Durable subscribers' cursors with their reset counts, in
    /// `subscribers`. Each statement commits by itself, as a cursor's save
    /// does.
    extension PostgresJournalConnection: CursorResettingJournalConnection {
        func cursorAndResets(of subscriber: String) throws -> (cursor: Int64, resets: Int64)? {
            var binds = PostgresBindings()
            binds.append(subscriber)
            return try session.query("SELECT cursor, resets FROM subscribers WHERE name = $1", binds).rows.first?
                .decode((Int64, Int64).self)
        }

        func saveCursor(_ cursor: Int64, of subscriber: String, ifResets resets: Int64) throws -> Bool {
            var binds = PostgresBindings(capacity: 4)
            binds.append(subscriber)
            binds.append(cursor)
            binds.append(Int64((Date().timeIntervalSince1970 * 1000).rounded()))
            binds.append(resets)
            return try session.queryCommitting(
                """
                INSERT INTO subscribers (name, cursor, updated_at) VALUES ($1, $2, $3)
                ON CONFLICT (name) DO UPDATE SET cursor = excluded.cursor, updated_at = excluded.updated_at
                WHERE subscribers.resets = $4
                RETURNING 1
                """, binds
            ).rows.count == 1
        }

        func resetCursor(_ cursor: Int64, of subscriber: String) throws {
            var binds = PostgresBindings(capacity: 3)
            binds.append(subscriber)
            binds.append(cursor)
            binds.append(Int64((Date().timeIntervalSince1970 * 1000).rounded()))
            _ = try session.queryCommitting(
                """
                INSERT INTO subscribers (name, cursor, updated_at, resets) VALUES ($1, $2, $3, 1)
                ON CONFLICT (name) DO UPDATE SET cursor = excluded.cursor, updated_at = excluded.updated_at,
                    resets = subscribers.resets + 1
                """, binds)
        }
    }
#endif
