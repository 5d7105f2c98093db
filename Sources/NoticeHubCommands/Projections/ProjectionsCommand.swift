import ArgumentParser

struct ProjectionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "projections",
        abstract: "List the journal's installed projections, rebuild one, or remove one.",
        discussion: ToolContext.named(
            """
            A projection keeps an app's own state in tables of the journal's \
            database, in the same transaction as each notice; the journal records \
            each installed one.

            Example:
              noticectl projections
              noticectl projections rebuild news.likes
              noticectl projections remove news.likes
            """),
        subcommands: [ProjectionsListCommand.self, ProjectionsRebuildCommand.self, ProjectionsRemoveCommand.self],
        defaultSubcommand: ProjectionsListCommand.self
    )
}
