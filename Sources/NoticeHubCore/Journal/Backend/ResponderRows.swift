/// The `responders` table, which both backends keep alike: a claim's row,
/// written once its lock is held and deleted before the lock is let go, so
/// a row whose lock nobody holds belongs to a dead or departed claim.
/// The SQL takes `?` placeholders, which run on every backend's
/// ``ProjectionStore``.
package enum ResponderRows {
    /// A new claim's key: random, positive and below 2⁶², so that it is a
    /// byte offset in a lock file as well as a PostgreSQL advisory lock's
    /// key, and two live claims share one only by a 1 in 2⁶¹ chance (the
    /// backends retry a key already locked).
    package static func randomKey() -> Int64 {
        Int64.random(in: keys)
    }

    /// The keys claims are given: positive, and far below the largest
    /// offset a lock file may have.
    package static let keys: Range<Int64> = 1..<(1 << 62)

    /// Writes the row of a claim whose lock `key` is held, over the row of
    /// a lost claim with that key, which nobody holds any more.
    package static func insert(
        key: Int64, responder: Sender, name: NoticeName, into store: any ProjectionStore
    ) throws {
        try store.execute(
            """
            INSERT INTO responders (key, name, responder, started_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (key) DO UPDATE
                SET name = excluded.name, responder = excluded.responder, started_at = excluded.started_at
            """,
            [.integer(key), .text(name.rawValue), .text(responder.rawValue), .integer(WallClock.nowMilliseconds())])
    }

    /// Deletes the rows of `keys`: released claims, or dead ones found.
    package static func delete(_ keys: some Sequence<Int64>, from store: any ProjectionStore) throws {
        for key in keys {
            try store.execute("DELETE FROM responders WHERE key = ?", [.integer(key)])
        }
    }
}
