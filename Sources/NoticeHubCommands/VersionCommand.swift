import ArgumentParser
import NoticeHub
import NoticeHubPostgres

/// `noticectl version`: the line of `noticectl --version`, with the schema
/// this build writes for the journal's own backend.
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version",
        abstract: ToolContext.named(
            "Print the version of noticectl and the journal schema it writes for the journal's backend."),
        discussion: ToolContext.named(
            """
            The schema is SQLite's for a journal file, PostgreSQL's for a postgres:// URL. The journal is \
            not opened.

            Example:
              noticectl version
              noticectl version --db postgres://app@db.internal/app
            """)
    )

    @OptionGroup var journal: JournalOptions

    /// The library's version (`NoticeHub.release`) and the schema the SQLite
    /// migrations reach: what `--version` prints.
    static let line = line(schema: SQLiteJournal.schemaVersion)

    static func line(schema: Int) -> String {
        "\(ToolContext.name) \(NoticeHub.release) (journal schema \(schema))"
    }

    func run() throws {
        guard journal.isPostgres else { return print(Self.line) }
        #if Postgres
            print(Self.line(schema: PostgresJournal.schemaVersion))
        #else
            throw JournalOptions.builtWithoutPostgres
        #endif
    }
}
