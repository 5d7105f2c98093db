import NoticeHubCommands
import ArgumentParser

struct NewsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "news",
        abstract: "The news example app: publish, like, read the feed, replay its colleagues.",
        discussion: """
            The first news command on a journal installs the news example's \
            projection (news.likes), whose tables keep the feed and the profiles. \
            publish, like and unlike print the notice's sequence number. The news \
            rules refuse an existing id, unknown news, a second like and an unlike \
            without a like: exit 1, nothing journaled.

            Example:
              noticectl news publish 1 "News1"
              noticectl news like 1 --user alice
            """,
        subcommands: [
            NewsPublishCommand.self, NewsLikeCommand.self, NewsUnlikeCommand.self, NewsFeedCommand.self,
            NewsDetailCommand.self, NewsProfileCommand.self, NewsReplayCommand.self,
        ]
    )
}
