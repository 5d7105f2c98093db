import NoticeHub
import NoticeNews
import Testing
import TestSupport

/// One news item as an `@Observable` model: its row and who likes it, as the
/// likes tables hold them, whoever stored them.
@MainActor
struct NewsDetailModelTests {
    @Test func theDetailIsTheStoredStateAtOnce() throws {
        let file = NewsJournalFile()
        let hub = try file.openSeededHub()
        let detail = try NewsDetailModel(hub: hub, newsID: 2)
        #expect(detail.newsID == 2)
        #expect(detail.item == NewsItem(id: 2, title: "News2", likes: 2))
        #expect(detail.likers == ["bob", "carol"])

        let unpublished = try NewsDetailModel(hub: hub, newsID: 9)
        #expect(unpublished.item == nil)
        #expect(unpublished.likers == [])
    }

    @Test func thisHubsCommitsReachTheDetail() async throws {
        let file = NewsJournalFile()
        let hub = try file.openSeededHub()
        let detail = try NewsDetailModel(hub: hub, newsID: 2)
        try hub.post(NewsLiked(newsID: 2, user: "alice"), sender: "feed")
        #expect(await eventually { detail.likers == ["alice", "bob", "carol"] })
        #expect(detail.item == NewsItem(id: 2, title: "News2", likes: 3))

        let later = try NewsDetailModel(hub: hub, newsID: 3)
        try hub.post(NewsPublished(id: 3, title: "News3"), sender: "editor")
        try hub.post(NewsLiked(newsID: 3, user: "bob"), sender: "feed")
        #expect(await eventually { later.item == NewsItem(id: 3, title: "News3", likes: 1) })
        #expect(later.likers == ["bob"])
    }

    @Test func aNewHubOnTheFileHasTheDetailAtOnce() throws {
        let file = NewsJournalFile()
        do {
            let hub = try file.openSeededHub()
            try hub.post(NewsUnliked(newsID: 2, user: "bob"), sender: "feed")
            try hub.close()
        }
        let detail = try NewsDetailModel(hub: try file.openHub(), newsID: 2)
        #expect(detail.item == NewsItem(id: 2, title: "News2", likes: 1))
        #expect(detail.likers == ["carol"])
    }

    @Test func anotherWritersCommitsReachTheDetail() async throws {
        let file = NewsJournalFile()
        let hub = try file.openSeededHub()
        let detail = try NewsDetailModel(hub: hub, newsID: 1)
        let other = try file.openHub()
        try other.post(NewsLiked(newsID: 1, user: "erin"), sender: "feed")
        try other.post(NewsUnliked(newsID: 1, user: "bob"), sender: "feed")
        #expect(await eventually { detail.likers == ["erin"] })
        #expect(detail.item == NewsItem(id: 1, title: "News1", likes: 1))
    }

    @Test func aHubWithoutAJournalCannotBeWatched() {
        #expect(throws: JournalError.noJournal) { try NewsDetailModel(hub: NoticeHub(), newsID: 1) }
    }
}
