import ArgumentParser
import NoticeHub

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create or migrate the journal database.",
        discussion: ToolContext.named(
            """
            Prints the schema version. The only command that adopts an existing \
            SQLite database, or PostgreSQL schema, of another application (its \
            tables are kept).

            Example:
              noticectl init --db news.sqlite
              noticectl init --db postgres://app@db.internal:5432/app
            """)
    )

    @OptionGroup var journal: JournalOptions

    func run() throws {
        let schema = try journal.initialize()
        let tool = ToolContext.tool
        if tool.installsOnWrite, !tool.projections.isEmpty {
            try journal.openHub(installing: tool.projections).close()
        }
        print("schema version \(schema)")
    }
}
