import NoticeHubCommands
import ArgumentParser
import NoticeHub
import NoticeNews

struct NewsUnlikeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlike",
        abstract: "A user takes back a like (news.unliked, sender feed).",
        discussion: """
            Example:
              noticectl news unlike 1 --user alice
            """
    )

    @OptionGroup var journal: JournalOptions
    @OptionGroup var like: LikeArguments

    func run() throws {
        let message = NewsUnliked(newsID: like.newsID, user: like.user)
        try printSequence(
            of: try journal.writing(installing: [LikesProjection()]) { try $0.post(message, sender: NewsFeed.sender) })
    }
}
