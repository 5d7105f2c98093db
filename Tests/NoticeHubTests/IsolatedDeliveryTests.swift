import Dispatch
import Foundation
import NoticeHub
import Synchronization
import Testing
import TestSupport

/// Observers that name where they run: the main actor, an actor, a queue.
/// Each guarantee of ``NoticeHub`` isolated delivery has a test here: order,
/// cancellation on the isolation, nothing from before `observe` returned,
/// and replays in journal order.
struct IsolatedDeliveryTests {
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

    struct Counted: NoticeMessage, Equatable {
        static let name: NoticeName = "count.up"
        var n: Int
    }

    @MainActor @Test func aMainActorObserverGetsEveryNoticeInPostingOrderOnTheMainActor() async throws {
        let hub = NoticeHub()
        var received: [Int] = []
        let token = hub.observe(Counted.self, on: MainActor.self) { counted, _ in
            MainActor.assertIsolated()
            received.append(counted.n)
        }
        // Posted from another thread, while the main actor is free to run the handler.
        try await Task.detached {
            for n in 0..<500 { try hub.post(Counted(n: n)) }
        }.value
        await hub.pendingDeliveries.settled()
        #expect(received == Array(0..<500))
        token.cancel()
    }

    /// One lane per isolation: a colleague observing two names sees them in
    /// the order they were posted, as on a serial queue.
    @MainActor @Test func observersOnOneIsolationSeeNoticesInPostingOrderAcrossNames() async throws {
        let hub = NoticeHub()
        var received: [String] = []
        let tokens = ["first", "second"].map { name in
            hub.observe(NoticeName(stringLiteral: name), on: MainActor.self) { notice in
                received.append("\(notice.name) \(notice.sender!)")
            }
        }
        var expected: [String] = []
        try await Task.detached {
            for n in 0..<300 {
                let name: NoticeName = n % 3 == 0 ? "first" : "second"
                try hub.post(name, sender: Sender(stringLiteral: "s\(n)"))
            }
        }.value
        for n in 0..<300 { expected.append("\(n % 3 == 0 ? "first" : "second") s\(n)") }
        await hub.pendingDeliveries.settled()
        #expect(received == expected)
        tokens.forEach { $0.cancel() }
    }

    @MainActor @Test func aNoticeArrivesAfterThePostReturns() async throws {
        let hub = NoticeHub()
        var received: [NoticeName] = []
        let token = hub.observe("ping", on: MainActor.self) { notice in received.append(notice.name) }
        try hub.post("ping")
        #expect(received.isEmpty, "delivered inside the post")
        await hub.pendingDeliveries.settled()
        #expect(received == ["ping"])
        token.cancel()
    }

    @MainActor @Test func afterCancelReturnsOnTheMainActorTheHandlerNeverRuns() async throws {
        let hub = NoticeHub()
        var received = 0
        let token = hub.observe("ping", on: MainActor.self) { _ in received += 1 }
        for _ in 0..<10 { try hub.post("ping") }
        token.cancel()
        // The ten deliveries were handed over before the cancel: once they
        // have run or been dropped, none can come.
        await hub.pendingDeliveries.settled()
        #expect(received == 0)
        #expect(token.isCancelled)
    }

    @MainActor @Test func aHandlerThatCancelsItsOwnSubscriptionGetsNothingMore() async throws {
        let hub = NoticeHub()
        var received = 0
        let holder = Seen<Subscription>()
        holder.append(
            hub.observe("ping", on: MainActor.self) { _ in
                received += 1
                if received == 3 { holder.all.first?.cancel() }
            })
        for _ in 0..<10 { try hub.post("ping") }
        await hub.pendingDeliveries.settled()
        #expect(received == 3)
    }

    @MainActor @Test func aNoticePostedBeforeObserveReturnsIsNeverDelivered() async throws {
        let hub = NoticeHub()
        try hub.post("ping", sender: "before")
        var senders: [String] = []
        let token = hub.observe("ping", on: MainActor.self) { notice in senders.append(notice.sender!.rawValue) }
        try hub.post("ping", sender: "after")
        await hub.pendingDeliveries.settled()
        #expect(senders == ["after"])
        token.cancel()
    }

    @MainActor @Test func aReplayReachesAMainActorObserverInJournalOrderAndItsPostsAreNotJournaled() async throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("journal.sqlite")))
        for n in 0..<200 { try hub.post(Counted(n: n)) }
        var replayed: [Int] = []
        var sequences: [Int64] = []
        let token = hub.observe(Counted.self, on: MainActor.self) { counted, notice in
            guard notice.isReplay else { return }
            replayed.append(counted.n)
            sequences.append(notice.sequence!)
            _ = try? hub.post("echo")
        }
        #expect(try hub.journal.replay() == 200)
        await hub.pendingDeliveries.settled()
        #expect(replayed == Array(0..<200) && sequences == Array(1...200))
        #expect(try hub.journal.lastSequence() == 200, "a replay's handlers post nothing")
        token.cancel()
    }

    @MainActor @Test func whatAnIsolatedHandlerPostsNamesTheNoticeAsItsCause() async throws {
        let hub = NoticeHub()
        let caused = Seen<Notice>()
        let echo = hub.observe("echo") { caused.append($0) }
        let token = hub.observe("ping", on: MainActor.self) { _ in _ = try? hub.post("echo") }
        let ping = try hub.post("ping")
        await hub.pendingDeliveries.settled()
        #expect(caused.all.count == 1)
        #expect(caused.all.first?.cause == ping.id)
        token.cancel()
        echo.cancel()
    }

    actor Tally {
        var values: [Int] = []
        func record(_ value: Int) { values.append(value) }
    }

    @Test func anActorObserverRunsIsolatedToItsActorInOrder() async throws {
        let hub = NoticeHub()
        let tally = Tally()
        let token = hub.observe(Counted.self, on: tally) { tally, counted, _ in
            tally.record(counted.n)
        }
        let untyped = Tally()
        let second = hub.observe("count.up", on: untyped) { untyped, notice in untyped.record(Int(notice.sequence ?? 1))
        }
        for n in 0..<300 { try hub.post(Counted(n: n)) }
        await hub.pendingDeliveries.settled()
        #expect(await tally.values == Array(0..<300))
        #expect(await untyped.values.count == 300)
        token.cancel()
        second.cancel()
    }

    @Test(arguments: [false, true])
    func aQueueObserverHandlesOneNoticeAtATimeInOrderEvenOnAConcurrentQueue(operationQueue: Bool) async throws {
        let hub = NoticeHub()
        let running = Count()
        let overlapped = Flag()
        let seen = Seen<Int>()
        let handler: @Sendable (Notice) -> Void = { notice in
            if running.add() > 1 { overlapped.set() }
            if let counted = try? notice.message(Counted.self) { seen.append(counted.n) }
            running.add(-1)
        }
        let token: Subscription
        if operationQueue {
            let queue = OperationQueue()
            queue.maxConcurrentOperationCount = 4
            token = hub.observe("count.up", scheduling: .operationQueue(queue), using: handler)
        } else {
            token = hub.observe(
                "count.up", scheduling: .queue(DispatchQueue(label: "concurrent", attributes: .concurrent)),
                using: handler)
        }
        for n in 0..<1_000 { try hub.post(Counted(n: n)) }
        await hub.pendingDeliveries.settled()
        #expect(seen.all == Array(0..<1_000))
        #expect(!overlapped.isSet)
        token.cancel()
    }

    @Test func aQueueObserverCancelledOnItsQueueGetsNothingMore() async throws {
        let hub = NoticeHub()
        let queue = DispatchQueue(label: "serial")
        let seen = Seen<Int>()
        let token = hub.observe("count.up", scheduling: .queue(queue)) { _ in seen.append(1) }
        queue.sync {
            for n in 0..<100 { _ = try? hub.post(Counted(n: n)) }
            token.cancel()
        }
        await hub.pendingDeliveries.settled()
        #expect(seen.all.isEmpty)
    }

    /// Declared by the type: observers of it run on the main actor.
    struct Refreshed: MainActorNoticeMessage {
        static let name: NoticeName = "feed.refreshed"
        var count: Int
    }

    @MainActor @Test func aMessageTypeCanDeclareItsObserversRunOnTheMainActor() async throws {
        let hub = NoticeHub()
        let counts = Seen<Int>()
        // Asked for the posting thread, the hub still delivers the message on
        // the main actor, as its type declares.
        let token = hub.observe(Refreshed.self, scheduling: .postingThread) { refreshed, _ in
            MainActor.preconditionIsolated()
            counts.append(refreshed.count)
        }
        _ = try await Task.detached { try hub.post(Refreshed(count: 7)) }.value
        await hub.pendingDeliveries.settled()
        #expect(counts.all == [7])
        token.cancel()
    }

    @MainActor @Test func anIsolatedTypedObserverReportsWhatItCannotDecodeOnThePostingThread() async throws {
        let hub = NoticeHub()
        let reported = Seen<String>()
        hub.onUndecodable { reported.append("\($0)") }
        var received: [Int] = []
        let token = hub.observe(Counted.self, on: MainActor.self) { counted, _ in received.append(counted.n) }
        try hub.post("count.up", json: #"{"n":"one"}"#)
        #expect(reported.all.count == 1, "reported before the post returned")
        // Deliveries on one isolation keep their order: the notice after it
        // shows where an undecoded one would have arrived.
        try hub.post(Counted(n: 2))
        await hub.pendingDeliveries.settled()
        #expect(received == [2])
        token.cancel()
    }

    @MainActor final class Model: Sendable {
        var total = 0
    }

    @MainActor @Test func aModelFollowsAMessageOnTheMainActorForAsLongAsItLives() async throws {
        let hub = NoticeHub()
        var model: Model? = Model()
        let token = hub.observe(Counted.self, on: MainActor.self, owner: model!) { [weak model] counted, _ in
            model?.total += counted.n
        }
        try hub.post(Counted(n: 2))
        try hub.post(Counted(n: 3))
        await hub.pendingDeliveries.settled()
        #expect(model!.total == 5)
        weak let gone = model
        model = nil
        #expect(gone == nil)
        try hub.post(Counted(n: 4))
        #expect(token.isCancelled, "the post found the model gone")
    }
}
