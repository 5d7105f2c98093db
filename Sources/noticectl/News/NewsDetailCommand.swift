import NoticeHubCommands
import ArgumentParser
import NoticeHub
import NoticeNews

struct NewsDetailCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detail",
        abstract: "Print one news item from the stored likes state.",
        discussion: """
            Unknown news exits 1.

            Example:
              noticectl news detail 1 --json
            """
    )

    @OptionGroup var journal: JournalOptions

    @Argument(help: "The news item's id.")
    var id: Int

    @Flag(help: "Print the item as one JSON object.")
    var json = false

    func run() throws {
        let feed = try NewsStore.storedState(
            of: journal.openHub(installing: [LikesProjection()], creatingIfMissing: false)
        ).feed
        guard let item = feed.first(where: { $0.id == id }) else {
            throw CommandFailure("news \(id) does not exist")
        }
        print(json ? try OrderedJSONEncoder().encode(item) : item.textLine)
    }
}
