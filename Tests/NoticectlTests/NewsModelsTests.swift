import NoticeHub
import NoticeNews
import Testing
import TestSupport

/// The news example's `@Observable` models hold what another process stores:
/// `noticectl news` commands journal likes, and the models of a hub in this
/// process on the same file follow them.
@MainActor
struct NewsModelsTests {
    @Test func theModelsHoldWhatNoticectlStoresInAnotherProcess() async throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        #expect(try cli("news", "publish", "1", "News1") == .success("1\n"))
        #expect(try cli("news", "publish", "2", "News2") == .success("2\n"))
        let hub = try NoticeHub(
            journal: SQLiteJournal(path: scratch.path("noticehub.sqlite")), projections: [LikesProjection()])
        let feed = try FeedModel(hub: hub)
        let detail = try NewsDetailModel(hub: hub, newsID: 2)
        let alice = try ProfileModel(hub: hub, user: "alice")
        #expect(feed.items == [NewsItem(id: 1, title: "News1"), NewsItem(id: 2, title: "News2")])

        #expect(try cli("news", "like", "2", "--user", "alice") == .success("3\n"))
        #expect(try cli("news", "like", "2", "--user", "bob") == .success("4\n"))
        #expect(try cli("news", "like", "1", "--user", "alice") == .success("5\n"))
        let news2 = NewsItem(id: 2, title: "News2", likes: 2)
        #expect(await eventually { feed.items == [NewsItem(id: 1, title: "News1", likes: 1), news2] })
        #expect(await eventually { detail.likers == ["alice", "bob"] })
        #expect(detail.item == news2)
        #expect(await eventually { alice.givenLikes == 2 })
        #expect(alice.likedNews == [NewsItem(id: 1, title: "News1", likes: 1), news2])
    }
}
