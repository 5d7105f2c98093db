import NoticeHub
import NoticeNews
import Testing
import TestSupport

/// A user's profile as an `@Observable` model: the likes they have given and
/// the news they like, as the likes tables hold them, whoever stored them.
@MainActor
struct ProfileModelTests {
    @Test func theProfileIsTheStoredStateAtOnce() throws {
        let file = NewsJournalFile()
        let hub = try file.openSeededHub()
        let bob = try ProfileModel(hub: hub, user: "bob")
        #expect(bob.user == "bob")
        #expect(bob.givenLikes == 2)
        #expect(
            bob.likedNews == [NewsItem(id: 1, title: "News1", likes: 1), NewsItem(id: 2, title: "News2", likes: 2)])
        #expect((try NewsStore.storedState(of: hub)).profiles.first { $0.user == "bob" }?.givenLikes == 2)

        let newcomer = try ProfileModel(hub: hub, user: "zed")
        #expect(newcomer.givenLikes == 0)
        #expect(newcomer.likedNews == [])
    }

    @Test func thisHubsCommitsReachTheProfile() async throws {
        let file = NewsJournalFile()
        let hub = try file.openSeededHub()
        let alice = try ProfileModel(hub: hub, user: "alice")
        try hub.post(NewsLiked(newsID: 2, user: "alice"), sender: "feed")
        #expect(await eventually { alice.givenLikes == 1 })
        #expect(alice.likedNews == [NewsItem(id: 2, title: "News2", likes: 3)])

        try hub.post(NewsUnliked(newsID: 2, user: "alice"), sender: "feed")
        #expect(await eventually { alice.givenLikes == 0 })
        #expect(alice.likedNews == [])
    }

    @Test func aNewHubOnTheFileHasTheProfileAtOnce() throws {
        let file = NewsJournalFile()
        do {
            let hub = try file.openSeededHub()
            try hub.post(NewsUnliked(newsID: 1, user: "bob"), sender: "feed")
            try hub.close()
        }
        let bob = try ProfileModel(hub: try file.openHub(), user: "bob")
        #expect(bob.givenLikes == 1)
        #expect(bob.likedNews == [NewsItem(id: 2, title: "News2", likes: 2)])
    }

    @Test func anotherWritersCommitsReachTheProfile() async throws {
        let file = NewsJournalFile()
        let hub = try file.openSeededHub()
        let carol = try ProfileModel(hub: hub, user: "carol")
        let other = try file.openHub()
        try other.post(NewsLiked(newsID: 1, user: "carol"), sender: "feed")
        #expect(await eventually { carol.givenLikes == 2 })
        #expect(
            carol.likedNews == [NewsItem(id: 1, title: "News1", likes: 2), NewsItem(id: 2, title: "News2", likes: 2)])
    }

    @Test func aHubWithoutAJournalCannotBeWatched() {
        #expect(throws: JournalError.noJournal) { try ProfileModel(hub: NoticeHub(), user: "bob") }
    }
}
