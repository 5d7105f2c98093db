/// The SQL a journal's backend speaks: which migration text a projection
/// runs, and the branch a projection takes where the two differ.
///
/// Most projection SQL is the same on both: `INSERT … ON CONFLICT`,
/// `?` placeholders, double-quoted identifiers. Where it is not, a
/// ``ProjectionMigration`` carries one text per dialect and `apply` may
/// ask ``ProjectionStore/dialect``.
public struct SQLDialect: Hashable, Sendable, CustomStringConvertible {
    /// The dialect's name, e.g. `sqlite`.
    public let name: String

    /// A dialect by name; a backend outside this package names its own.
    public init(_ name: String) {
        self.name = name
    }

    /// The embedded journal, `SQLiteJournal`.
    public static let sqlite = SQLDialect("sqlite")
    /// The PostgreSQL journal of `NoticeHubPostgres`.
    public static let postgresql = SQLDialect("postgresql")

    public var description: String { name }
}
