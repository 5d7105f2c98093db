import ArgumentParser
import NoticeHub
import NoticeHubPostgres

/// The probes' `--db PATH|URL`: a SQLite file, or in a build with the
/// `Postgres` trait a PostgreSQL URL.
struct ProbeJournal: ParsableArguments {
    @Option(help: ArgumentHelp("The journal: a file or a postgres:// URL.", valueName: "path|url"))
    var db: String

    func openJournal(creatingIfMissing: Bool = true) throws -> any NoticeJournal {
        guard PostgresURL.isPostgresURL(db) else {
            return try SQLiteJournal(path: db, creatingIfMissing: creatingIfMissing)
        }
        #if Postgres
            return try PostgresJournal(url: try PostgresURL(db), creatingIfMissing: creatingIfMissing)
        #else
            throw ValidationError("this noticehub-bench was built without the Postgres trait")
        #endif
    }
}
