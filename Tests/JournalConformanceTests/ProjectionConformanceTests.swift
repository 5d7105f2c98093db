import Foundation
import NoticeHub
import NoticeJournalConformance
import NoticeNews
import Testing

/// The news app's likes projection runs unchanged on every backend: state
/// in the append's transaction, refusals that undo only their notice.
struct ProjectionConformanceTests {
    @Test(arguments: Backend.all)
    func theLikesStateFollowsTheJournalAndRefusalsChangeNothing(backend: Backend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub(projections: [LikesProjection()])
        try hub.post(NewsPublished(id: 1, title: "News1"), sender: "editor")
        try hub.post(NewsPublished(id: 2, title: "News2"), sender: "editor")
        try hub.post(NewsLiked(newsID: 1, user: "alice"), sender: "feed")
        try hub.post(NewsLiked(newsID: 1, user: "bob"), sender: "feed")
        try hub.post(NewsUnliked(newsID: 1, user: "bob"), sender: "feed")
        #expect(throws: JournalError.refused(name: NewsLiked.name, reason: "alice already likes news 1")) {
            try hub.post(NewsLiked(newsID: 1, user: "alice"), sender: "feed")
        }
        #expect(throws: JournalError.refused(name: NewsLiked.name, reason: "news 9 does not exist")) {
            try hub.post(NewsLiked(newsID: 9, user: "alice"), sender: "feed")
        }
        try hub.post(NewsLiked(newsID: 2, user: "alice"), sender: "feed")
        #expect(try hub.journal.lastSequence() == 6, "refused notices take no sequence number")

        let state = try NewsStore.storedState(of: try place.hub(projections: [LikesProjection()]))
        #expect(state.feed == [NewsItem(id: 1, title: "News1", likes: 1), NewsItem(id: 2, title: "News2", likes: 1)])
        #expect(state.profiles == [Profile(user: "alice", givenLikes: 2)])
        #expect(try NewsStore.likes(of: "alice", in: hub) == [1, 2])
        #expect(try NewsStore.differences(in: hub) == [], "stored state and journal agree")
    }

    /// Concurrent posters whose notices the projection refuses now and then:
    /// each refusal fails its poster alone, the rest of its batch commits.
    @Test(arguments: Backend.all)
    func refusalsInsideAGroupCommitFailOnlyTheirPoster(backend: Backend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub(projections: [LikesProjection()])
        try hub.post(NewsPublished(id: 1, title: "News1"), sender: "editor")
        let refused = Collected<String>()
        let group = DispatchGroup()
        for thread in 0..<4 {
            group.enter()
            Thread {
                for index in 0..<25 {
                    do {
                        // Every user likes twice: the second is refused.
                        try hub.post(NewsLiked(newsID: 1, user: "u\(thread)-\(index / 2)"), sender: "feed")
                    } catch {
                        refused.append("\(error)")
                    }
                }
                group.leave()
            }.start()
        }
        group.wait()
        #expect(refused.count == 4 * 12)
        let state = try NewsStore.storedState(of: hub)
        #expect(state.feed.first?.likes == 4 * 13)
        #expect(try hub.journal.lastSequence() == 1 + 4 * 13)
        #expect(try NewsStore.differences(in: hub) == [])
    }
}
