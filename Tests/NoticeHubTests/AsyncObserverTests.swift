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

    /// Waits until `condition` holds, as long as ``SharedPool/patience``:
    /// deliveries on the shared pool wait behind the tests that block it.
    static func eventually(_ condition: @Sendable () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(SharedPool.patience)
        while !condition() && Date() < deadline { try? await Task.sleep(for: .milliseconds(2)) }
        return condition()
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
            if counted.n % 50 == 0 { try? await Task.sleep(for: .milliseconds(1)) }
            seen.append(counted.n)
            running.add(-1)
        }
        for n in 0..<500 { try hub.post(Counted(n: n)) }
        #expect(await Self.eventually { seen.all.count == 500 })
        #expect(seen.all == Array(0..<500))
        #expect(!overlapped.isSet)
        #expect(token.droppedCount == 0)
        token.cancel()
    }

    @Test func aFullBufferDropsAsItsPolicySaysAndCountsTheDrops() async throws {
        let hub = NoticeHub()
        let gate = Flag()
        let holding = Flag()
        let seen = Seen<Int>()
        let token = hub.observe(Counted.self, buffering: .bufferingOldest(2)) { counted, _ async in
            holding.set()
            while !gate.isSet { try? await Task.sleep(for: .milliseconds(1)) }
            seen.append(counted.n)
        }
        try hub.post(Counted(n: 0))
        // Once the handler holds notice 0, two more wait and the rest are dropped.
        #expect(await Self.eventually { holding.isSet })
        for n in 1..<10 { try hub.post(Counted(n: n)) }
        gate.set()
        #expect(await Self.eventually { seen.all.count == 3 })
        try await Task.sleep(for: .milliseconds(20))
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
            try? await Task.sleep(for: .seconds(30))
            if Task.isCancelled { sawCancellation.set() }
        }
        try hub.post("slow")
        try hub.post("slow")
        #expect(await Self.eventually { started.isSet })
        token.cancel()
        #expect(await Self.eventually { sawCancellation.isSet })
        try hub.post("slow")
        try await Task.sleep(for: .milliseconds(20))
        #expect(handled.value == 1)
        #expect(token.isCancelled)
    }

    @Test func aNoticePostedRightAfterObserveReturnsIsHandled() async throws {
        let hub = NoticeHub()
        let seen = Seen<NoticeName>()
        let token = hub.observe(nil) { notice async in seen.append(notice.name) }
        try hub.post("first")
        #expect(await Self.eventually { seen.all == ["first"] })
        token.cancel()
    }

    @Test func closingTheHubEndsTheHandlersTaskAfterWhatWasBuffered() async throws {
        let hub = NoticeHub()
        let seen = Seen<Int>()
        let token = hub.observe(Counted.self) { counted, _ async in seen.append(counted.n) }
        for n in 0..<5 { try hub.post(Counted(n: n)) }
        try hub.close()
        #expect(await Self.eventually { seen.all == [0, 1, 2, 3, 4] })
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
