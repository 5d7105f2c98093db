extension ProjectionStore {
    /// Inserts a row unless one with the same key (any unique constraint)
    /// exists; returns whether it inserted. The same SQL on SQLite and
    /// PostgreSQL: `INSERT … ON CONFLICT DO NOTHING`. It builds that SQL on
    /// each call (about a microsecond); a projection's hottest statements
    /// may be written out instead.
    ///
    /// ```swift
    /// try store.insertIfAbsent(into: "members", values: ["team": 1, "user": "alice"])
    /// ```
    @discardableResult
    public func insertIfAbsent(into table: String, values: KeyValuePairs<String, SQLValue>) throws -> Bool {
        let columns = values.map { Self.quotedIdentifier($0.key) }
        let sql =
            "INSERT INTO \(Self.quotedIdentifier(table)) (\(columns.joined(separator: ", "))) "
            + "VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", "))) ON CONFLICT DO NOTHING"
        return try execute(sql, values.map(\.value)) == 1
    }

    /// Inserts a row, or when a row with the same `conflictKey` exists,
    /// updates it: columns in `adding` grow by the given value, the others
    /// not in the key take it. The same SQL on SQLite and PostgreSQL:
    /// `INSERT … ON CONFLICT (key) DO UPDATE`, built on each call.
    ///
    /// ```swift
    /// // count starts at 1 and grows by 1 for each later click on the page.
    /// try store.upsert(into: "clicks", values: ["page": "home", "count": 1],
    ///                  conflictKey: ["page"], adding: ["count"])
    /// ```
    public func upsert(
        into table: String, values: KeyValuePairs<String, SQLValue>, conflictKey: [String], adding: Set<String> = []
    ) throws {
        let quotedTable = Self.quotedIdentifier(table)
        let columns = values.map(\.key)
        let updates = columns.filter { !conflictKey.contains($0) }.map { column in
            let quoted = Self.quotedIdentifier(column)
            return adding.contains(column)
                ? "\(quoted) = \(quotedTable).\(quoted) + excluded.\(quoted)"
                : "\(quoted) = excluded.\(quoted)"
        }
        var sql =
            "INSERT INTO \(quotedTable) (\(columns.map(Self.quotedIdentifier).joined(separator: ", "))) "
            + "VALUES (\(Array(repeating: "?", count: columns.count).joined(separator: ", "))) "
            + "ON CONFLICT (\(conflictKey.map(Self.quotedIdentifier).joined(separator: ", "))) "
        sql += updates.isEmpty ? "DO NOTHING" : "DO UPDATE SET " + updates.joined(separator: ", ")
        try execute(sql, values.map(\.value))
    }

    /// `name` as a double-quoted SQL identifier, which both dialects read
    /// alike (`"user"` is reserved in PostgreSQL).
    static func quotedIdentifier(_ name: String) -> String {
        SQLQuoting.quoted(name, by: "\"")
    }
}
