@testable import NoticeHubCore
@testable import NoticeHubSQLite
import NoticeSQLite

/// A journal as an earlier schema left it, for the tests that convert one.
enum OlderSchemaJournal {
    /// Creates a journal at `path` with the migrations up to `version`
    /// applied, then runs `sql` on it.
    static func create(at path: String, schema version: Int, holding sql: String = "") throws {
        let connection = try SQLiteConnection(path: path, mode: .readWriteCreate)
        try connection.enableWAL()
        try connection.defineUUIDBytesFunction(named: "noticehub_uuid_bytes")
        try connection.allowingSchemaEdits {
            for migration in Migration.embedded where migration.version <= version {
                try connection.execute(migration.sql)
                try connection.execute("PRAGMA schema_version = \(try connection.pragmaInt("schema_version") + 1)")
            }
        }
        try connection.execute("PRAGMA user_version = \(version); PRAGMA application_id = \(Migration.applicationID)")
        if !sql.isEmpty { try connection.execute(sql) }
    }

    /// An id as a SQL blob literal, `X'…'`.
    static func bytes(_ id: NoticeID) -> String { "X'" + id.description.filter { $0 != "-" } + "'" }
}
