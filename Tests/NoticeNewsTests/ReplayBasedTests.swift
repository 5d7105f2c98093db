import Foundation
import NoticeHub
import NoticeHubTesting
import NoticeNews
import Testing

/// The news app tested as its users test theirs: a recorded session replayed
/// into fresh colleagues, and what the app posts compared with what a test
/// expects.
struct ReplayBasedTests {
    static let session = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/likes-session.jsonl")

    @Test func aRecordedSessionRebuildsTheScreensNoticeByNotice() throws {
        let fixture = try NoticeFixture(contentsOf: Self.session, projections: [LikesProjection()])
        let app = NoticeHub()
        let colleagues = NewsColleagues(hub: app)
        var likesShown: [Int] = []
        let replayed = try fixture.replay(into: app) { _ in
            likesShown.append(colleagues.state.feed.map(\.likes).reduce(0, +))
        }
        #expect(replayed == 6)
        #expect(likesShown == [0, 0, 1, 2, 3, 2])
        #expect(
            colleagues.state
                == NewsState(
                    feed: [NewsItem(id: 1, title: "News1", likes: 2), NewsItem(id: 2, title: "News2", likes: 0)],
                    profiles: [Profile(user: "alice", givenLikes: 1), Profile(user: "bob", givenLikes: 1)]))
    }

    @Test func whatTheFeedPostsIsComparedWithWhatTheTestExpects() throws {
        let fixture = try NoticeFixture(
            notices: [
                try FixtureNotice(NewsPublished(id: 1, title: "News1"), sender: "editor")
            ], projections: [LikesProjection()])
        let colleagues = NewsColleagues(hub: fixture.hub, state: try NewsStore.storedState(of: fixture.hub))
        let recorder = NoticeRecorder(fixture.hub)
        try colleagues.feed.userLikedAllNews("alice")
        #expect(
            recorder.difference(from: [
                try FixtureNotice(NewsLiked(newsID: 1, user: "alice"), sender: "feed")
            ]) == nil)

        let wrong = recorder.difference(from: [try FixtureNotice(NewsLiked(newsID: 1, user: "bob"), sender: "feed")])
        #expect(
            wrong == """
                recorded 1 notices, expected 1:
                  1 expected news.liked from feed {"newsID":1,"user":"bob"}
                    recorded news.liked from feed {"newsID":1,"user":"alice"}
                """)
    }

    @Test func aRecordingBecomesAFixtureThatReplaysTheSame() throws {
        let app = NoticeHub()
        let recorder = NoticeRecorder(app)
        try app.post(NewsPublished(id: 7, title: "Seven"), sender: "editor")
        try app.post(NewsLiked(newsID: 7, user: "carol"), sender: "feed")
        let fixture = try NoticeFixture(jsonl: try recorder.fixtureLines(), projections: [LikesProjection()])
        let replayedInto = NoticeHub()
        let again = NoticeRecorder(replayedInto)
        try fixture.replay(into: replayedInto)
        let original = try recorder.notices.map(FixtureNotice.init)
        #expect(again.difference(from: original) == nil)
        #expect(again.notices.allSatisfy { $0.isReplay })
    }

    @Test func aRefusedLineNamesItself() throws {
        #expect {
            try NoticeFixture(
                jsonl: #"{"name":"news.liked","payload":{"newsID":1,"user":"alice"}}"#,
                projections: [LikesProjection()])
        } throws: { error in
            "\(error)".contains("line 1") && "\(error)".contains("news 1 does not exist")
        }
    }
}
