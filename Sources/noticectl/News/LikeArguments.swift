import NoticeHubCommands
import ArgumentParser

/// What a like and an unlike name: the item and the user.
struct LikeArguments: ParsableArguments {
    @Argument(help: "The news item's id.")
    var newsID: Int

    @Option(help: "The user.")
    var user: String
}
