import ArgumentParser
import NoticeHub
import NoticeNews

struct NewsFeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Print the news feed from the stored likes state.",
        discussion: """
            One line per item, by id; --json prints one array of {"id","title","likes"}.

            Example:
              noticectl news feed --json
            """
    )

    @OptionGroup var journal: JournalOptions

    @Flag(help: "Print the feed as one JSON array.")
    var json = false

    func run() throws {
        let feed = try NewsStore.storedState(of: journal.openHub(installing: [LikesProjection()], creatingIfMissing: false)).feed
        if json {
            print(try OrderedJSONEncoder().encode(feed))
        } else {
            for item in feed { print(item.textLine) }
        }
    }
}
