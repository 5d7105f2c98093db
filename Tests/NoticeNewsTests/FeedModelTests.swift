import NoticeHub
import NoticeNews
import Observation
import Synchronization
import Testing
import TestSupport

/// The news feed as an `@Observable` model: its items are the likes tables'
/// rows, whoever stored them, and observation tells its readers when they change.
@MainActor
struct FeedModelTests {
    static let seeded = [NewsItem(id: 1, title: "News1", likes: 1), NewsItem(id: 2, title: "News2", likes: 2)]

    final class Changes: Sendable {
        let count = Atomic<Int>(0)
    }

    /// Registers for one change of `feed.items`, as a view's body does.
    func track(_ feed: FeedModel, into changes: Changes) {
        withObservationTracking {
            _ = feed.items
        } onChange: {
            changes.count.add(1, ordering: .relaxed)
        }
    }

    @Test func theFeedIsTheStoredStateAtOnce() throws {
        let file = NewsJournalFile()
        let hub = try file.openSeededHub()
        let feed = try FeedModel(hub: hub)
        #expect(feed.items == Self.seeded)
        #expect(feed.items == (try NewsStore.storedState(of: hub)).feed)
    }

    @Test func thisHubsCommitsReachTheFeedAndItsReaders() async throws {
        let file = NewsJournalFile()
        let hub = try file.openSeededHub()
        let feed = try FeedModel(hub: hub)
        let changes = Changes()
        track(feed, into: changes)
        try hub.post(NewsLiked(newsID: 1, user: "alice"), sender: "feed")
        try hub.post(NewsPublished(id: 3, title: "News3"), sender: "editor")
        #expect(
            await eventually {
                feed.items == [
                    NewsItem(id: 1, title: "News1", likes: 2), NewsItem(id: 2, title: "News2", likes: 2),
                    NewsItem(id: 3, title: "News3"),
                ]
            })
        #expect(changes.count.load(ordering: .relaxed) == 1, "one change told, as observation does")

        track(feed, into: changes)
        try hub.post(NewsUnliked(newsID: 2, user: "carol"), sender: "feed")
        #expect(await eventually { feed.items.map(\.likes) == [2, 1, 0] })
        #expect(changes.count.load(ordering: .relaxed) == 2)
        #expect(feed.items == (try NewsStore.storedState(of: hub)).feed)
    }

    @Test func aNewHubOnTheFileHasTheFeedAtOnce() throws {
        let file = NewsJournalFile()
        do {
            let hub = try file.openSeededHub()
            try hub.close()
        }
        let feed = try FeedModel(hub: try file.openHub())
        #expect(feed.items == Self.seeded)
    }

    @Test func anotherWritersCommitsReachTheFeed() async throws {
        let file = NewsJournalFile()
        let hub = try file.openSeededHub()
        let feed = try FeedModel(hub: hub)
        let other = try file.openHub()
        try other.post(NewsUnliked(newsID: 2, user: "bob"), sender: "feed")
        try other.post(NewsLiked(newsID: 1, user: "dave"), sender: "feed")
        #expect(
            await eventually {
                feed.items == [NewsItem(id: 1, title: "News1", likes: 2), NewsItem(id: 2, title: "News2", likes: 1)]
            })
    }

    @Test func aHubWithoutAJournalCannotBeWatched() {
        #expect(throws: JournalError.noJournal) { try FeedModel(hub: NoticeHub()) }
    }

    @Test func aJournalWithoutTheLikesTablesCannotBeWatched() throws {
        let file = NewsJournalFile()
        let hub = try NoticeHub(journal: SQLiteJournal(path: file.path))
        #expect {
            try FeedModel(hub: hub)
        } throws: { error in
            "\(error)".contains("no such table: news")
        }
    }
}
