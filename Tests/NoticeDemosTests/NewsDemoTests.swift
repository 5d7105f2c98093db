import NoticeDemos
import NoticeHub
import NoticeNews
import Testing

struct NewsDemoTests {
    @Test func theFeedsCountsReallyMove() throws {
        let (afterLikes, afterUnlikes) = try NewsDemo.run { _ in }
        #expect(
            afterLikes.feed == [
                NewsItem(id: 1, title: "News1", likes: 2),
                NewsItem(id: 2, title: "News2", likes: 3),
            ])
        #expect(afterLikes.profiles.first { $0.user == "alice" }?.givenLikes == 2)
        #expect(
            afterUnlikes.feed == [
                NewsItem(id: 1, title: "News1", likes: 1),
                NewsItem(id: 2, title: "News2", likes: 2),
            ])
        #expect(afterUnlikes.profiles == [Profile(user: "bob", givenLikes: 2), Profile(user: "carol", givenLikes: 1)])
    }

    @Test func theDetailFollowsOnlyItsItem() throws {
        let hub = NoticeHub()
        try NewsDemo.seed(hub)
        let colleagues = NewsColleagues(
            hub: hub,
            state: NewsState(feed: [NewsItem(id: 1, title: "News1"), NewsItem(id: 2, title: "News2")], profiles: []),
            detailID: 2)
        try hub.post(NewsLiked(newsID: 2, user: "dave"))
        try hub.post(NewsLiked(newsID: 1, user: "dave"))
        #expect(colleagues.detail?.item == NewsItem(id: 2, title: "News2", likes: 1))
        #expect(colleagues.profiles.profile(of: "dave").givenLikes == 2)
    }
}
