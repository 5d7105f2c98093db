import NoticeHubCommands
import ArgumentParser
import NoticeHub
import NoticeNews

struct NewsLikeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "like",
        abstract: "A user likes a news item (news.liked, sender feed).",
        discussion: """
            Example:
              noticectl news like 1 --user alice
            """
    )

    @OptionGroup var journal: JournalOptions
    @OptionGroup var like: LikeArguments

    func run() throws {
        let message = NewsLiked(newsID: like.newsID, user: like.user)
        try printSequence(
            of: try journal.writing(installing: [LikesProjection()]) { try $0.post(message, sender: NewsFeed.sender) })
    }
}
