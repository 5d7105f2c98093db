import NoticeHubCommands
import ArgumentParser
import NoticeHub
import NoticeNews

struct NewsPublishCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Publish a news item (news.published, sender editor).",
        discussion: """
            Example:
              noticectl news publish 3 "Musketeers ride again"
            """
    )

    /// Who publishes, as the news document's seed does.
    private static let editor: Sender = "editor"

    @OptionGroup var journal: JournalOptions

    @Argument(help: "The new item's id, an integer not used before.")
    var id: Int

    @Argument(help: "The item's title.")
    var title: String

    func run() throws {
        let message = NewsPublished(id: id, title: title)
        try printSequence(
            of: try journal.writing(installing: [LikesProjection()]) { try $0.post(message, sender: Self.editor) })
    }
}
