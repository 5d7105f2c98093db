import NoticeSQLite
import NoticeHubCore

/// Brings a journal's schema up to `Migration/latestVersion`: each pending
/// migration in its own immediate transaction, which also records the new
/// version, so a crash leaves the schema at some whole version and two
/// processes migrating at once do the work once. Each migration also raises
/// the schema cookie past what its statements left it at, so every
/// connection reads the schema again: a migration may edit a table's stored
/// definition in place (see `0005_kind_check.sql`), which SQLite notices
/// only by the cookie.
enum Migrator {
    /// The versions whose migrations build the table of notices, or its
    /// indexes, again, and leave the old pages free.
    static let freeingPages: Set<Int> = [10, 12, 13]

    /// Applies the pending migrations; returns the versions it applied,
    /// none when another process had applied them first.
    @discardableResult
    static func migrate(_ connection: SQLiteConnection, path: String) throws(JournalError) -> [Int] {
        var applied: [Int] = []
        do {
            // Up to date (the common case): no write lock, so opening never
            // waits behind another process's open transaction.
            guard try connection.pragmaInt("user_version") < Migration.latestVersion else { return [] }
            // Schema 10 stores ids as 16 bytes, converted from their text by this function.
            try connection.defineUUIDBytesFunction(named: "noticehub_uuid_bytes")
            for migration in Migration.embedded {
                try connection.transaction(.immediate) {
                    let version = try connection.pragmaInt("user_version")
                    guard version < migration.version else { return }
                    try connection.allowingSchemaEdits { try connection.execute(migration.sql) }
                    let cookie = try connection.pragmaInt("schema_version")
                    try connection.execute("PRAGMA schema_version = \(cookie + 1)")
                    try connection.execute("PRAGMA user_version = \(migration.version)")
                    try connection.execute("PRAGMA application_id = \(Migration.applicationID)")
                    applied.append(migration.version)
                }
            }
            return applied
        } catch let error as SQLiteError {
            throw error.journalError(path: path)
        } catch {
            throw .storage(StorageFailure("\(error)", underlying: error))
        }
    }
}
