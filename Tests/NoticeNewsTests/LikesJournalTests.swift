import Foundation
import NoticeHub
import NoticeNews
import Synchronization
import Testing
import TestSupport

struct LikesJournalTests {
    static func openHub(_ path: String) throws -> NoticeHub {
        try NoticeHub(journal: SQLiteJournal(path: path), projections: [LikesProjection()])
    }

    /// Records a session of likes, closes, reopens in a fresh hub: live,
    /// rebuilt-from-state and replayed colleagues are equal.
    @Test func liveRebuiltAndReplayedColleaguesAgree() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("news.sqlite")
        let live: NewsState
        do {
            let hub = try Self.openHub(path)
            let colleagues = NewsColleagues(hub: hub)
            for id in 1...5 { try hub.post(NewsPublished(id: id, title: "News\(id)"), sender: "editor") }
            for (index, user) in ["alice", "bob", "carol", "dave"].enumerated() {
                for id in 1...5 where (id + index) % 2 == 0 {
                    try hub.post(NewsLiked(newsID: id, user: user), sender: "feed")
                }
            }
            try hub.post(NewsUnliked(newsID: 2, user: "alice"), sender: "feed")
            try colleagues.feed.userLikedAllNews("erin")
            try colleagues.feed.userDislikedAllNews("erin")
            try hub.post(NewsLiked(newsID: 3, user: "erin"), sender: "feed")
            live = colleagues.state
            #expect(live.feed.map(\.likes).reduce(0, +) == live.profiles.map(\.givenLikes).reduce(0, +))
            try hub.close()
        }
        let reopened = try Self.openHub(path)
        let rebuilt = try NewsStore.rebuildFromState(on: reopened)
        let (replayed, count) = try NewsStore.replayedState(of: reopened)
        #expect(rebuilt.state == live)
        #expect(replayed == live)
        #expect(count == 5 + 10 + 1 + 10 + 1)
        #expect(try NewsStore.differences(in: reopened).isEmpty)

        // The rebuilt colleagues keep following the hub.
        try reopened.post(NewsLiked(newsID: 1, user: "zoe"))
        #expect(rebuilt.feed.item(1)?.likes == (live.feed.first { $0.id == 1 }?.likes ?? 0) + 1)
    }

    @Test(arguments: [
        ("news.published", #"{"id":1,"title":"Again"}"#, "news.published refused: news 1 is already published"),
        ("news.published", #"{"id":-1,"title":"Minus"}"#, "news.published refused: news id -1 is negative"),
        ("news.published", #"{"id":2,"title":""}"#, "news.published refused: the title is empty"),
        ("news.liked", #"{"newsID":9,"user":"alice"}"#, "news.liked refused: news 9 does not exist"),
        ("news.liked", #"{"newsID":1,"user":"alice"}"#, "news.liked refused: alice already likes news 1"),
        ("news.unliked", #"{"newsID":1,"user":"bob"}"#, "news.unliked refused: bob does not like news 1"),
        ("news.liked", #"{"newsID":"one"}"#, "news.liked refused: payload of news.liked is not a NewsLiked:"),
    ])
    func refusedNoticesAreNeverJournaled(name: String, payload: String, message: String) throws {
        let directory = TemporaryDirectory()
        let hub = try Self.openHub(directory.path("news.sqlite"))
        try hub.post(NewsPublished(id: 1, title: "News1"))
        try hub.post(NewsLiked(newsID: 1, user: "alice"))
        let heard = Atomic<Int>(0)
        let token = hub.observe(nil) { _ in heard.add(1, ordering: .relaxed) }
        let before = try NewsStore.storedState(of: hub)
        #expect {
            try hub.post(try NoticeName(validating: name), json: payload)
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
        #expect(try hub.journal.lastSequence() == 2)
        #expect(try NewsStore.storedState(of: hub) == before)
        #expect(heard.load(ordering: .relaxed) == 0, "a refused notice is not delivered")
        withExtendedLifetime(token) {}
    }

    @Test func verificationReportsATamperedState() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("news.sqlite")
        let hub = try Self.openHub(path)
        try hub.post(NewsPublished(id: 1, title: "News1"))
        try hub.post(NewsLiked(newsID: 1, user: "alice"))
        #expect(try NewsStore.differences(in: hub).isEmpty)
        try Self.sqlite(path, "UPDATE news SET likes = 5 WHERE id = 1; UPDATE profiles SET given_likes = 3")
        #expect(
            try NewsStore.differences(in: hub) == [
                "news 1: stored \"News1\" with 5 likes, journal implies \"News1\" with 1 likes",
                "profile alice: stored 3 given likes, journal implies 1",
            ])
    }

    /// The likes relation itself is compared, and a journaled like that the
    /// projection's rules refuse is reported rather than counted twice.
    @Test func verificationComparesEveryLikeAndAppliesThePostingRules() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("news.sqlite")
        let hub = try Self.openHub(path)
        try hub.post(NewsPublished(id: 1, title: "News1"))
        try hub.post(NewsPublished(id: 2, title: "News2"))
        try hub.post(NewsLiked(newsID: 1, user: "alice"))
        try hub.post(NewsLiked(newsID: 2, user: "alice"))
        try hub.post(NewsLiked(newsID: 1, user: "bob"))
        try hub.post(NewsUnliked(newsID: 1, user: "bob"))
        #expect(try NewsStore.differences(in: hub).isEmpty)

        try Self.sqlite(path, "DELETE FROM likes")
        #expect(
            try NewsStore.differences(in: hub) == [
                "likes: alice/1 missing from the stored state",
                "likes: alice/2 missing from the stored state",
            ])
        // With alice's likes gone from the table, a second like of item 1 is accepted.
        try hub.post(NewsLiked(newsID: 1, user: "alice"))
        #expect(
            try NewsStore.differences(in: hub) == [
                "notice #7 news.liked would be refused: alice already likes news 1",
                "news 1: stored \"News1\" with 2 likes, journal implies \"News1\" with 1 likes",
                "likes: alice/2 missing from the stored state",
                "profile alice: stored 3 given likes, journal implies 2",
            ])
    }

    /// Tampers with a journal file through the sqlite3 shell, as a person would.
    static func sqlite(_ path: String, _ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", path, sql]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }
}
