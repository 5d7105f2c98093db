import Dispatch
import Foundation
import NoticeHub
import NoticeHubTesting
import Synchronization
import Testing
import TestSupport

/// A fixture's replay reaches colleagues wherever they run, notice by
/// notice, and goes past a notice that a typed colleague cannot decode, as
/// every replay does.
struct FixtureReplayTests {
    struct Added: NoticeMessage, Equatable {
        static let name: NoticeName = "cart.added"
        var item: String
    }

    /// Three notices, the second not an `Added`.
    static let mixed = """
        {"name":"cart.added","sender":"shop","payload":{"item":"tea"}}
        {"name":"cart.added","sender":"shop","payload":{"sku":7}}
        {"name":"cart.added","sender":"shop","payload":{"item":"milk"}}
        """

    @Test func withAfterEachEveryOtherNoticeIsDeliveredThenTheUndecodableOnesAreThrown() throws {
        let fixture = try NoticeFixture(jsonl: Self.mixed)
        let app = NoticeHub()
        let items = Seen<String>()
        let token = app.observe(Added.self) { added, _ in items.append(added.item) }
        var seen: [Int64] = []
        #expect {
            try fixture.replay(into: app) { notice in seen.append(notice.sequence ?? 0) }
        } throws: { error in
            guard let error = error as? UndecodableNotices else { return false }
            return error.checked == 3 && error.count == 1 && error.listed.map(\.notice.sequence) == [2]
        }
        #expect(items.all == ["tea", "milk"])
        #expect(seen == [1, 2, 3])
        token.cancel()
    }

    @Test func theAsyncReplayGoesPastAnUndecodableNoticeToo() async throws {
        let fixture = try NoticeFixture(jsonl: Self.mixed)
        let app = NoticeHub()
        let items = Seen<String>()
        let token = app.observe(Added.self) { added, _ in items.append(added.item) }
        var sizes: [Int] = []
        await #expect(throws: UndecodableNotices.self) {
            try await fixture.replay(into: app) { _ in sizes.append(items.all.count) }
        }
        #expect(sizes == [1, 1, 2])
        token.cancel()
    }

    @MainActor final class Screen {
        var items: [String] = []
    }

    /// A colleague on the main actor, in a test on the main actor: each
    /// notice has reached it when `afterEach` runs.
    @MainActor @Test func afterEachSeesAColleagueOnTheMainActor() async throws {
        let fixture = try NoticeFixture(jsonl: Self.mixed)
        let app = NoticeHub()
        let screen = Screen()
        let token = app.observe(Added.self, on: MainActor.self) { added, _ in screen.items.append(added.item) }
        var sizes: [Int] = []
        await #expect(throws: UndecodableNotices.self) {
            try await fixture.replay(into: app) { _ in sizes.append(screen.items.count) }
        }
        #expect(sizes == [1, 1, 2])
        #expect(screen.items == ["tea", "milk"])
        token.cancel()
    }

    actor Tally {
        var items: [String] = []
        func add(_ item: String) { items.append(item) }
    }

    /// Colleagues on a queue and with an async handler: each notice has
    /// reached them when `afterEach` runs; and one on an actor once the
    /// replay returns.
    @Test func theReplayWaitsForColleaguesOnAnActorAQueueAndAnAsyncHandler() async throws {
        let fixture = try NoticeFixture(
            jsonl: """
                {"name":"cart.added","sender":"shop","payload":{"item":"tea"}}
                {"name":"cart.added","sender":"shop","payload":{"item":"milk"}}
                """)
        let app = NoticeHub()
        let tally = Tally()
        let queued = Seen<String>()
        let awaited = Seen<String>()
        let queue = DispatchQueue(label: "colleague")
        let tokens = [
            app.observe(Added.self, on: tally) { tally, added, _ in tally.add(added.item) },
            app.observe(Added.name, scheduling: .queue(queue)) { notice in
                queued.append((try? notice.decode(Added.self).item) ?? "?")
            },
            app.observe(Added.self) { added, _ async in
                await Task.yield()
                awaited.append(added.item)
            },
        ]
        var seen: [[Int]] = []
        try await fixture.replay(into: app) { _ in seen.append([queued.all.count, awaited.all.count]) }
        #expect(seen == [[1, 1], [2, 2]])
        #expect(await tally.items == ["tea", "milk"])
        for token in tokens { token.cancel() }
    }
}
