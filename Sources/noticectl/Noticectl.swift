import NoticeHubCommands
import NoticeNews

/// `noticectl`: NoticeHub's commands (``NoticeTool/commands``) carrying the
/// news example's projection and messages, with the news commands and the
/// source documents' demos beside them.
@main
struct Noticectl: NoticeToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "noticectl",
        abstract: "Post, follow and replay NoticeHub notices.",
        discussion: """
            Every command that touches a journal takes --db PATH or a postgres:// URL (default: $NOTICEHUB_DB, \
            else ./noticehub.sqlite). Data goes to stdout, diagnostics to stderr. \
            Exit status: 0 success, 1 refused or failed, 64 usage error.

            Example:
              noticectl post chat.said --sender Athos --payload '{"text":"One for all"}'
              noticectl tail --follow --json | grep chat
            """,
        subcommands: NoticeTool.commands + [
            NewsCommand.self,
            DemoCommand.self,
            // The news commands' earlier spellings, hidden: each says its new one.
            MovedToNews<NewsLikeCommand>.self,
            MovedToNews<NewsUnlikeCommand>.self,
            MovedToNews<NewsFeedCommand>.self,
            MovedToNews<NewsDetailCommand>.self,
            MovedToNews<NewsProfileCommand>.self,
            MovedToNews<NewsReplayCommand>.self,
        ]
    )

    static let tool = NoticeTool(
        projections: [LikesProjection()], messageTypes: [NewsPublished.self, NewsLiked.self, NewsUnliked.self],
        installsOnWrite: false, adopting: { NewsTablesOfVersion01.adopted(by: $0) })

    /// `--version`, on this command alone: ArgumentParser's own version flag
    /// would be listed in every subcommand's help.
    @Flag(help: "Show the version.")
    var version = false

    func run() throws {
        guard version else { throw CleanExit.helpRequest(self) }
        print(NoticeTool.versionLine)
    }
}
