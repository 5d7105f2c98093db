import Foundation
import NoticeHub
import Synchronization
import Testing
import TestSupport

/// Asynchronous observers: one notice at a time, in order, buffered as async
/// sequences are, and cancelled with their task.
struct AsyncObserverTests {
    final class Flag: Sendable {
        private let bit = Atomic<Bool>(false)
        var isSet: Bool { bit.load(ordering: .acquiring) }
        func set() { bit.store(true, ordering: .releasing) }
    }

    final class Count: Sendable {
        private let count = Atomic<Int>(0)
        var value: Int { count.load(ordering: .acquiring) }
        @discardableResult func add(_ delta: Int = 1) -> Int {
            count.add(delta, ordering: .acquiringAndReleasing).newValue
        }
    }

    struct Counted: NoticeMessage {
        static let name: NoticeName = "count.up"
        var n: Int
    }

    @Test func anAsyncObserverHandlesOneNoticeAtATimeInPostingOrder() async throws {
        let hub = NoticeHub()
        let running = Count()
        let overlapped = Flag()
        let seen = Seen<Int>()
        let token = hub.observe(Counted.self) { counted, _ async in
            if running.add() > 1 { overlapped.set() }
            // The sleep is the suspension inside which a second delivery
            // would start, if deliveries overlapped.
            if counted.n % 50 == 0 { try? await Task.sleep(for: .milliseconds(1)) }
            seen.append(counted.n)
            running.add(-1)
        }
        for n in 0..<500 { try hub.post(Counted(n: n)) }
        await hub.pendingDeliveries.settled()
        #expect(seen.all == Array(0..<500))
        #expect(!overlapped.isSet)
        #expect(token.droppedCount == 0)
        token.cancel()
    }

    @Test func aFullBufferDropsAsItsPolicySaysAndCountsTheDrops() async throws {
        let hub = NoticeHub()
        // The handler holds notice 0 until the test opens the gate.
        let (gate, opening) = AsyncStream<Void>.makeStream()
        let (holding, held) = AsyncStream<Void>.makeStream()
        let seen = Seen<Int>()
        let token = hub.observe(Counted.self, buffering: .bufferingOldest(2)) { counted, _ async in
            held.yield()
            for await _ in gate {}
            seen.append(counted.n)
        }
        try hub.post(Counted(n: 0))
        // Once the handler holds notice 0, two more wait and the rest are dropped.
        for await _ in holding { break }
        for n in 1..<10 { try hub.post(Counted(n: n)) }
        opening.finish()
        await hub.pendingDeliveries.settled()
        #expect(seen.all == [0, 1, 2])
        #expect(token.droppedCount == 7)
        token.cancel()
    }

    @Test func cancellingTheSubscriptionCancelsTheHandlersTaskAndHandlesNothingMore() async throws {
        let hub = NoticeHub()
        let started = Flag()
        let sawCancellation = Flag()
        let handled = Count()
        let token = hub.observe("slow") { _ async in
            handled.add()
            started.set()
            // The sleep is the work under way that the cancellation ends.
            try? await Task.sleep(for: .seconds(30))
            if Task.isCancelled { sawCancellation.set() }
        }
        try hub.post("slow")
        try hub.post("slow")
        #expect(await eventually { started.isSet })
        token.cancel()
        #expect(await eventually { sawCancellation.isSet })
        try hub.post("slow")
        // The second notice, buffered at the cancel, and the third are
        // dropped or never handed over: none is left to run.
        await hub.pendingDeliveries.settled()
        #expect(handled.value == 1)
        #expect(token.isCancelled)
    }

    @Test func aNoticePostedRightAfterObserveReturnsIsHandled() async throws {
        let hub = NoticeHub()
        let seen = Seen<NoticeName>()
        let token = hub.observe(nil) { notice async in seen.append(notice.name) }
        try hub.post("first")
        await hub.pendingDeliveries.settled()
        #expect(seen.all == ["first"])
        token.cancel()
    }

    @Test func closingTheHubEndsTheHandlersTaskAfterWhatWasBuffered() async throws {
        let hub = NoticeHub()
        let seen = Seen<Int>()
        let token = hub.observe(Counted.self) { counted, _ async in seen.append(counted.n) }
        for n in 0..<5 { try hub.post(Counted(n: n)) }
        try hub.close()
        await hub.pendingDeliveries.settled()
        #expect(seen.all == [0, 1, 2, 3, 4])
        withExtendedLifetime(token) {}
    }

    struct Liked: NoticeMessage {
        static let name: NoticeName = "news.liked"
        var newsID: Int
        var user: String
    }

    actor Mailer {
        var thanked: [String] = []
        func thank(_ user: String) { thanked.append(user) }
    }

    /// The typed async observer's example; a notice that does not decode is
    /// reported from the handler's task to the hub's handler, during a replay
    /// too.
    @Test func aTypedAsyncObserverDecodesOnItsTask() async throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")))
        let reported = Seen<String>()
        hub.onUndecodable { reported.append("\($0.notice.sequence ?? 0)") }
        let mailer = Mailer()
        let thanking = hub.observe(Liked.self) { liked, notice async in
            await mailer.thank(liked.user)
        }
        try hub.post(Liked(newsID: 1, user: "alice"))
        try hub.post("news.liked", json: #"{"newsID":2}"#)
        await hub.pendingDeliveries.settled()
        #expect(await mailer.thanked == ["alice"])
        #expect(reported.all == ["2"])
        #expect(try hub.journal.replay() == 2, "the replay does not collect what the task reports")
        await hub.pendingDeliveries.settled()
        #expect(await mailer.thanked == ["alice", "alice"])
        #expect(reported.all == ["2", "2"])
        thanking.cancel()
    }

    actor Likes { var users: [String] = [] }

    /// The typed actor observer's example.
    @Test func aTypedObserverOnAnActor() async throws {
        let hub = NoticeHub()
        let likes = Likes()
        let following = hub.observe(Liked.self, on: likes) { likes, liked, notice in
            likes.users.append(liked.user)
        }
        try hub.post(Liked(newsID: 1, user: "alice"))
        await hub.pendingDeliveries.settled()
        #expect(await likes.users == ["alice"])
        following.cancel()
    }
}
