internal import CSQLite

extension SQLiteConnection {
    /// Defines the SQL function `name(value)` on this connection: a UUID's
    /// canonical text (8-4-4-4-12 hexadecimal digits, either case) becomes its
    /// 16 bytes as a BLOB, most significant first; any other value, NULL
    /// included, comes back as it is. For a migration that rewrites ids
    /// stored as text, on SQLite builds older than `unhex` (3.41).
    package func defineUUIDBytesFunction(named name: String) throws {
        let rc = csqlite_define_uuid_bytes(handle, name)
        guard rc == SQLITE_OK else {
            throw SQLiteError(resultCode: rc, connection: handle, sql: nil)
        }
    }
}
