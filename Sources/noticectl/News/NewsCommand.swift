import ArgumentParser

struct NewsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "news",
        abstract: "The news app's operations: publish, like, unlike.",
        discussion: """
            Each prints the notice's sequence number. The news rules refuse an \
            existing id, unknown news, a second like and an unlike without a like: \
            exit 1, nothing journaled.

            Example:
              noticectl news publish 1 "News1"
              noticectl news like 1 --user alice
            """,
        subcommands: [NewsPublishCommand.self, NewsLikeCommand.self, NewsUnlikeCommand.self]
    )
}
