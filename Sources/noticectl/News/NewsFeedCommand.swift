import NoticeHubCommands
import ArgumentParser
import NoticeHub
import NoticeNews

struct NewsFeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Print the news feed from the stored likes state.",
        discussion: """
            One line per item, by id; --json prints one object per line, \
            {"id":…,"title":…,"likes":…}.

            Example:
              noticectl news feed --json
            """
    )

    @OptionGroup var journal: JournalOptions

    @Flag(help: "Print each item as a JSON line.")
    var json = false

    func run() throws {
        let feed = try NewsStore.storedState(
            of: journal.openHub(installing: [LikesProjection()], creatingIfMissing: false)
        ).feed
        for item in feed {
            print(json ? try OrderedJSONEncoder().encode(item) : item.textLine)
        }
    }
}
