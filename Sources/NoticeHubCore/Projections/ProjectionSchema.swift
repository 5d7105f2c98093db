/// What a projection declares about itself: who it is, which version of its
/// logic it runs, the tables it owns and the migrations that make them.
///
/// - The **identity** names the projection in the journal's registry for
///   good: lowercase letters, digits, `.`, `_` and `-`, as `news.likes`.
/// - The **version** is the version of `apply`'s logic. Raise it when the
///   same notices would now give other state: opening a hub with the higher
///   version rebuilds the state from the journal.
/// - The **tables** are the ones the projection owns, parents before
///   children: a rebuild empties them (children first) before replaying,
///   and `verify` compares them row by row with a replay.
/// - The **migrations** make and change those tables, numbered from 1 with
///   no gap, each applied once, in order.
public struct ProjectionSchema: Sendable {
    /// The projection's name in the journal's registry, e.g. `news.likes`.
    public let identity: String
    /// The version of the projection's logic, from 1.
    public let version: Int
    /// The tables the projection owns, parents before children.
    public let tables: [String]
    /// The migrations that make the tables, numbered 1, 2, 3…
    public let migrations: [ProjectionMigration]

    /// A projection's declaration; ``NoticeHub-class/init(journal:durability:projections:payloadLimit:rebuildProgress:logger:metrics:tracer:)``
    /// checks it, throwing ``JournalError/projectionUnusable(projection:problem:)``.
    public init(identity: String, version: Int = 1, tables: [String], migrations: [ProjectionMigration]) {
        self.identity = identity
        self.version = version
        self.tables = tables
        self.migrations = migrations
    }

    /// The version the migrations bring the tables to (0 with none).
    public var schemaVersion: Int { migrations.last?.version ?? 0 }

    /// The first rule the declaration breaks, or nil.
    var problem: String? {
        if identity.isEmpty || identity.utf8.count > 128 {
            return "the identity must be 1 to 128 characters"
        }
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789._-")
        if !identity.allSatisfy(allowed.contains) {
            return "the identity may hold only lowercase letters, digits, '.', '_' and '-'"
        }
        if version < 1 { return "the version must be 1 or more, not \(version)" }
        for (index, migration) in migrations.enumerated() where migration.version != index + 1 {
            return "migration \(IdentifierRules.quoted(migration.name)) is numbered \(migration.version), "
                + "where \(index + 1) comes next"
        }
        if let empty = tables.first(where: \.isEmpty) ?? (Set(tables).count < tables.count ? tables.first : nil) {
            return "its tables must be named once each (\(IdentifierRules.quoted(empty)))"
        }
        return nil
    }
}

/// One numbered change to a projection's tables, in the SQL of each
/// dialect it supports. A migration that shipped is never edited: change
/// the tables with a new one.
///
/// ```swift
/// ProjectionMigration(1, "clicks", sql: "CREATE TABLE clicks (page TEXT PRIMARY KEY, count INTEGER NOT NULL)")
/// ProjectionMigration(2, "clicks-by-day", [
///     .sqlite: "ALTER TABLE clicks ADD COLUMN day INTEGER",
///     .postgresql: "ALTER TABLE clicks ADD COLUMN day bigint",
/// ])
/// ```
public struct ProjectionMigration: Sendable {
    /// The migration's number: 1 for the first, then one more each.
    package let version: Int
    /// A short name, for messages and the registry.
    package let name: String
    /// The SQL by dialect; a script may hold several statements.
    package let sql: [SQLDialect: String]
    /// The SQL for a dialect ``sql`` does not name; nil: none.
    package let portableSQL: String?

    /// A migration whose SQL runs unchanged on every backend.
    public init(_ version: Int, _ name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = [:]
        portableSQL = sql
    }

    /// A migration with one script per dialect.
    public init(_ version: Int, _ name: String, _ sql: [SQLDialect: String]) {
        self.version = version
        self.name = name
        self.sql = sql
        portableSQL = nil
    }

    /// The script for `dialect`, or nil when the migration has none.
    package func script(for dialect: SQLDialect) -> String? {
        sql[dialect] ?? portableSQL
    }
}
