import CSQLite

extension SQLiteConnection {
    /// Whether the connection refuses edits of `sqlite_schema` and other
    /// dangerous writes (`SQLITE_DBCONFIG_DEFENSIVE`).
    package var isDefensive: Bool {
        get { csqlite_defensive(handle, -1) == 1 }
        set { _ = csqlite_defensive(handle, newValue ? 1 : 0) }
    }

    /// Runs `body` with edits of `sqlite_schema` allowed (`PRAGMA
    /// writable_schema`), which some builds of SQLite forbid by default,
    /// then sets the defensive flag back as it was.
    package func allowingSchemaEdits<T>(_ body: () throws -> T) rethrows -> T {
        let wasDefensive = isDefensive
        if wasDefensive { isDefensive = false }
        defer { if wasDefensive { isDefensive = true } }
        return try body()
    }
}
