import Foundation
import NoticeHub
import NoticeNews
import Observation
import Synchronization
import Testing
import TestSupport

/// The news feed as an `@Observable` model: it follows notices on the main
/// actor, and observation tells its readers when its items change.
@MainActor
struct FeedModelTests {
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

    @Test func theFeedFollowsNoticesOnTheMainActorAndTellsItsReaders() async throws {
        let hub = NoticeHub()
        let feed = FeedModel(hub: hub)
        let changes = Changes()
        track(feed, into: changes)
        try await Task.detached {
            try hub.post(NewsPublished(id: 1, title: "One"), sender: "editor")
            try hub.post(NewsPublished(id: 2, title: "Two"), sender: "editor")
            try hub.post(NewsLiked(newsID: 2, user: "alice"), sender: "feed")
        }.value
        await hub.pendingDeliveries.settled()
        #expect(feed.items.map(\.likes) == [0, 1])
        #expect(feed.items == [NewsItem(id: 1, title: "One"), NewsItem(id: 2, title: "Two", likes: 1)])
        #expect(changes.count.load(ordering: .relaxed) == 1, "one change told, as observation does")

        track(feed, into: changes)
        try hub.post(NewsUnliked(newsID: 2, user: "alice"), sender: "feed")
        await hub.pendingDeliveries.settled()
        #expect(feed.items[1].likes == 0)
        #expect(changes.count.load(ordering: .relaxed) == 2)
    }

    @Test func aReplayRebuildsTheFeedInJournalOrder() async throws {
        let directory = TemporaryDirectory()
        let journal = try NoticeHub(journal: SQLiteJournal(path: directory.path("journal.sqlite")))
        try journal.post(NewsPublished(id: 1, title: "News1"), sender: "editor")
        try journal.post(NewsPublished(id: 2, title: "News2"), sender: "editor")
        for (newsID, user) in [(1, "alice"), (1, "bob"), (2, "alice")] {
            try journal.post(NewsLiked(newsID: newsID, user: user), sender: "feed")
        }
        try journal.post(NewsUnliked(newsID: 2, user: "alice"), sender: "feed")
        let screen = NoticeHub()
        let feed = FeedModel(hub: screen)
        try journal.journal.replay(into: screen)
        await screen.pendingDeliveries.settled()
        #expect(feed.items.map(\.likes) == [2, 0])
        #expect(feed.items.map(\.title) == ["News1", "News2"])
    }
}
