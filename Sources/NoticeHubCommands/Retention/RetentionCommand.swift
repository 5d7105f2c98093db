import ArgumentParser

struct RetentionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "retention",
        abstract: "Show, set or apply the journal's retention policy.",
        discussion: ToolContext.named(
            """
            The policy is kept in the journal: the maximum age of a notice and the \
            maximum count of notices kept, for the whole journal. `apply` trims the \
            notices it does not keep, as `trim` does, keeping the last notice and \
            those a durable subscriber has not handled yet.

            Example:
              noticectl retention set --max-age 90d --max-count 10000000
              noticectl retention apply
              noticectl retention
            """),
        subcommands: [RetentionShowCommand.self, RetentionSetCommand.self, RetentionApplyCommand.self],
        defaultSubcommand: RetentionShowCommand.self
    )
}
