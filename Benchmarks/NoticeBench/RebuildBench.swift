import Foundation
import NoticeHub
import NoticeNews

/// `rebuild.state` and `rebuild.replay`: the news colleagues rebuilt for a
/// journal of a million likes over 1,000 news items and 10,000 users, from
/// the likes state and by replaying the whole journal. `projection.rebuild`:
/// the likes projection's tables rebuilt from the same journal, per notice,
/// beside the replay into in-memory colleagues; `notices_per_s` is its rate.
enum RebuildBench {
    static func run(_ options: BenchOptions, report: (BenchResult) -> Void) throws {
        let ids = ["rebuild.state", "rebuild.replay", "projection.rebuild"]
        guard ids.contains(where: options.selects) else { return }
        let likes = options.size(1_000_000, floor: 20_000)
        let path = options.path("rebuild.sqlite")
        defer { JournalAppendBench.removeJournal(path) }
        do {
            let writer = try NoticeHub(
                journal: SQLiteJournal(path: path), durability: .batched(maxDelay: .seconds(1)),
                projections: [LikesProjection()])
            for id in 0..<1_000 { try writer.post(NewsPublished(id: id, title: "News\(id)"), sender: "editor") }
            for i in 0..<likes {
                // Users cycle fastest; each (news, user) pair occurs once.
                let user = i % 10_000, round = i / 10_000
                try writer.post(NewsLiked(newsID: (round + user) % 1_000, user: "user\(user)"), sender: "feed")
            }
            try writer.close()
        }
        let hub = try NoticeHub(journal: SQLiteJournal(path: path), projections: [LikesProjection()])
        let expectedLikes = likes
        let fromState = try BenchHarness(repetitions: 3).measure {
            let state = try NewsStore.storedState(of: hub)
            try check(
                state.feed.count == 1_000 && state.feed.map(\.likes).reduce(0, +) == expectedLikes, "rebuild.state")
            return 1
        }
        let byReplay = try BenchHarness(repetitions: 1).measure {
            let (state, replayed) = try NewsStore.replayedState(of: hub)
            try check(
                replayed == likes + 1_000 && state.feed.map(\.likes).reduce(0, +) == expectedLikes, "rebuild.replay")
            return 1
        }
        report(BenchHarness.result("rebuild.state", fromState, anchor: "rebuild.replay", byReplay))
        report(BenchHarness.result("rebuild.replay", byReplay))
        guard options.selects("projection.rebuild") else { return }
        let notices = likes + 1_000
        let perNoticeReplay = byReplay.map { $0 / Double(notices) }
        let rebuilds = try BenchHarness(repetitions: 3).measure {
            let rebuilt = try hub.journal.rebuildProjection(LikesProjection.schema.identity)
            try check(rebuilt.replayed == notices && rebuilt.refusedCount == 0, "projection.rebuild")
            return rebuilt.replayed
        }
        let state = try NewsStore.storedState(of: hub)
        try check(state.feed.map(\.likes).reduce(0, +) == expectedLikes, "projection.rebuild state")
        var result = BenchHarness.result(
            "projection.rebuild", rebuilds, anchor: "replay into news colleagues, per notice", perNoticeReplay)
        result.extra.append(("notices_per_s", 1e9 / BenchHarness.median(rebuilds)))
        report(result)
    }
}
