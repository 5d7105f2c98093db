import ArgumentParser

struct SubscribersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "subscribers",
        abstract: "List the journal's durable subscribers, move, delete one, or manage its parked notices.",
        discussion: ToolContext.named(
            """
            A durable subscriber (`noticectl subscribe NAME`) keeps its cursor in \
            the journal: the last notice it handled. `list` shows each with its \
            cursor, how far behind it is, how many notices it parked and whether \
            it runs now; `reset` moves a stopped one's cursor, to deliver notices \
            again or to skip them; `delete` removes a stopped one. A notice its \
            handler threw for on every delivery is parked: `parked` lists them, \
            `replay-parked` has the subscriber deliver them again, `drop-parked` \
            removes them.

            Example:
              noticectl subscribers
              noticectl subscribers reset indexer --to-time 2026-12-07T09:00:00Z
              noticectl subscribers parked mailer
              noticectl subscribers replay-parked mailer
              noticectl subscribers delete old-indexer
            """),
        subcommands: [
            SubscribersListCommand.self, SubscribersResetCommand.self, SubscribersDeleteCommand.self,
            SubscribersParkedCommand.self, SubscribersReplayParkedCommand.self, SubscribersDropParkedCommand.self,
        ],
        defaultSubcommand: SubscribersListCommand.self
    )
}
