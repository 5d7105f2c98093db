import NoticeHub
import NoticeHubPostgres

/// Opens the journal a bench child process is given: a file, or with the
/// `Postgres` trait a PostgreSQL URL.
enum BenchJournal {
    struct NoPostgres: Error, CustomStringConvertible {
        var description: String { "this build has no PostgreSQL support (build with --traits Postgres)" }
    }

    static func open(_ location: String) throws -> any NoticeJournal {
        guard PostgresURL.isPostgresURL(location) else { return try SQLiteJournal(path: location) }
        #if Postgres
            return try PostgresJournal(url: location)
        #else
            throw NoPostgres()
        #endif
    }
}
