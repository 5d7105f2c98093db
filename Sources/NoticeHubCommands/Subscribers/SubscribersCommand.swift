import ArgumentParser

struct SubscribersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "subscribers",
        abstract: "List the journal's durable subscribers, or move one's cursor.",
        discussion: ToolContext.named(
            """
            A durable subscriber (`noticectl subscribe NAME`) keeps its cursor in \
            the journal: the last notice it handled. `list` shows each with its \
            cursor, how far behind it is and whether it runs now; `reset` moves a \
            stopped one's cursor, to deliver notices again or to skip them.

            Example:
              noticectl subscribers
              noticectl subscribers reset indexer --to-time 2026-12-07T09:00:00Z
              noticectl subscribers reset indexer --to-end
            """),
        subcommands: [SubscribersListCommand.self, SubscribersResetCommand.self],
        defaultSubcommand: SubscribersListCommand.self
    )
}
