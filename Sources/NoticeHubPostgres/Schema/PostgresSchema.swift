import NoticeHub
#if Postgres
    import PostgresNIO
#endif

/// The PostgreSQL journal's schema: the migrations of `Migrations/PostgreSQL`,
/// numbered as SQLite's are, and the table that records which ran.
enum PostgresSchema {
    /// The schema version this build brings a journal to.
    static var latestVersion: Int { embedded.last?.version ?? 0 }

    /// Records each migration that ran; its presence marks a schema as a
    /// NoticeHub journal (SQLite keeps the same in its header).
    static let versionTable = "noticehub_schema"
}

#if Postgres
    extension PostgresSchema {
        /// What a schema holds, judged without writing anything.
        enum Contents: Equatable {
            /// No table at all (or no schema yet): a journal can be made here.
            case empty
            /// A NoticeHub journal at this version.
            case journal(version: Int)
            /// Another application's tables.
            case foreign(tables: [String])
        }

        static func inspect(_ session: PostgresSession) throws(JournalError) -> Contents {
            let tables = try session.query(
                """
                SELECT table_name::text FROM information_schema.tables
                WHERE table_schema = coalesce(\(session.settings.url.schema == nil ? "current_schema()" : "$1"), 'public')
                ORDER BY table_name
                """, binds(schema: session.settings.url.schema))
            let names = tables.rows.compactMap { try? $0.makeRandomAccess()[0].decode(String.self) }
            if names.isEmpty { return .empty }
            guard names.contains(versionTable) else { return .foreign(tables: names) }
            let version = try session.query("SELECT coalesce(max(version), 0) FROM \(versionTable)")
            return .journal(version: Int((try? version.rows.first?.makeRandomAccess()[0].decode(Int32.self)) ?? 0))
        }

        private static func binds(schema: String?) -> PostgresBindings {
            var binds = PostgresBindings()
            if let schema { binds.append(schema) }
            return binds
        }

        /// Brings the schema to ``latestVersion``: all pending migrations in one
        /// transaction under an advisory lock, so two processes opening a new
        /// journal at once do the work once, and a failure leaves no half.
        static func migrate(_ session: PostgresSession) throws(JournalError) {
            let url = session.settings.url
            try session.holdConnection()
            defer { session.releaseConnection() }
            try session.script("BEGIN")
            do {
                // A statement of its own, so the version read below is the one
                // the previous lock holder committed.
                try session.query("SELECT pg_advisory_xact_lock($1)", lockBinds(url))
                if let schema = url.schema {
                    try session.script("CREATE SCHEMA IF NOT EXISTS \"\(schema)\"")
                }
                try session.script(
                    """
                    CREATE TABLE IF NOT EXISTS \(versionTable) (
                        version    integer PRIMARY KEY,
                        name       text    NOT NULL,
                        applied_at timestamptz NOT NULL DEFAULT now()
                    )
                    """)
                let applied = try session.query("SELECT coalesce(max(version), 0) FROM \(versionTable)")
                let version = Int((try? applied.rows.first?.makeRandomAccess()[0].decode(Int32.self)) ?? 0)
                for migration in embedded where migration.version > version {
                    try session.script(migration.sql)
                    var binds = PostgresBindings()
                    binds.append(Int32(migration.version))
                    binds.append(migration.name)
                    try session.query("INSERT INTO \(versionTable) (version, name) VALUES ($1, $2)", binds)
                }
                try session.script("COMMIT")
            } catch {
                _ = try? session.script("ROLLBACK")
                throw error
            }
        }

        /// The advisory lock that serializes migrations of one schema.
        private static func lockBinds(_ url: PostgresURL) -> PostgresBindings {
            var binds = PostgresBindings()
            binds.append(migrationLockKey(url))
            return binds
        }

        /// The migration lock's key, as every process and release computes it (``StableKey``).
        static func migrationLockKey(_ url: PostgresURL) -> Int64 {
            StableKey.lockKey("noticehub migrations \(url.schema ?? "")")
        }
    }
#endif
