import Foundation
import Logging
import MetricsTestKit
import NoticeHub
import Synchronization
import Testing
import TestSupport

/// A durable subscriber whose handler throws: the notice is handed over
/// again after the policy's delays, later notices waiting, then parked.
struct SubscriberFailureTests {
    struct Refused: Error, CustomStringConvertible {
        var description: String { "the mail server refused" }
    }

    /// Three deliveries, 10 ms then 20 ms apart.
    static let quick = DeliveryPolicy(maxDeliveries: 3, backoff: [.milliseconds(10), .milliseconds(20)])

    /// A hub whose log lines are kept, not printed.
    func journaled(
        _ count: Int, in directory: TemporaryDirectory, log: RecordedLog = RecordedLog(), metrics: TestMetrics? = nil
    ) throws -> NoticeHub {
        let hub = try NoticeHub(
            journal: SQLiteJournal(path: directory.path("j.sqlite")), logger: log.logger, metrics: metrics)
        for index in 1...count { try hub.post("tick", payload: index) }
        return hub
    }

    func cursor(of subscriber: String, on hub: NoticeHub) throws -> Int64? {
        try hub.journal.statistics().subscribers.first { $0.name == subscriber }?.cursor
    }

    /// Handles a tick after suspending, refusing the second one's first
    /// delivery.
    actor Indexer {
        let seen = Seen<Int64>()

        func index(_ notice: Notice) async throws {
            await Task.yield()
            seen.append(notice.sequence!)
            if notice.sequence == 2 && seen.all.count == 2 { throw Refused() }
        }
    }

    /// An async handler is awaited notice by notice: in order, the cursor
    /// passing each only once it returned, a throw delivered again.
    @Test func anAsyncHandlerIsAwaitedInOrderAndRetried() throws {
        let directory = TemporaryDirectory()
        let hub = try journaled(3, in: directory)
        let indexer = Indexer()
        let subscription = try hub.journal.subscribe(as: "indexer", delivery: Self.quick) { notice in
            try await indexer.index(notice)
        }
        #expect(try eventually { try cursor(of: "indexer", on: hub) == 3 })
        subscription.cancel()
        #expect(indexer.seen.all == [1, 2, 2, 3])
        #expect(try hub.journal.parkedNotices(of: "indexer").isEmpty)
    }

    @Test func aThrownNoticeIsDeliveredAgainAfterTheDelaysAndLaterNoticesWait() throws {
        let directory = TemporaryDirectory()
        let hub = try journaled(3, in: directory)
        let seen = Seen<(sequence: Int64, at: ContinuousClock.Instant)>()
        let subscription = try hub.journal.subscribe(as: "mailer", delivery: Self.quick) { notice in
            seen.append((notice.sequence!, .now))
            if notice.sequence == 2 && seen.all.count < 4 { throw Refused() }
        }
        #expect(try eventually { try cursor(of: "mailer", on: hub) == 3 })
        subscription.cancel()
        #expect(seen.all.map(\.sequence) == [1, 2, 2, 2, 3])
        let times = seen.all.map(\.at)
        #expect(times[2] - times[1] >= .milliseconds(10))
        #expect(times[3] - times[2] >= .milliseconds(20))
        #expect(try hub.journal.parkedNotices(of: "mailer").isEmpty)
    }

    @Test func aNoticeThrownForOnEveryDeliveryIsParkedLoggedAndCounted() throws {
        let directory = TemporaryDirectory()
        let log = RecordedLog()
        let metrics = TestMetrics()
        let hub = try journaled(3, in: directory, log: log, metrics: metrics)
        let seen = Seen<Int64>()
        let subscription = try hub.journal.subscribe(as: "mailer", delivery: Self.quick) { notice in
            seen.append(notice.sequence!)
            if notice.sequence == 2 { throw Refused() }
        }
        #expect(try eventually { try cursor(of: "mailer", on: hub) == 3 })
        subscription.cancel()
        #expect(seen.all == [1, 2, 2, 2, 3])
        let parked = try hub.journal.parkedNotices(of: "mailer")
        #expect(parked.map(\.sequence) == [2])
        #expect(parked.first?.deliveries == 3)
        #expect(parked.first?.error == "the mail server refused")
        #expect(parked.first?.replayRequested == false)
        let warning = log.all.first { $0.level == .warning && $0.message.contains("parked") }
        #expect(warning?.metadata["sequence"] == "2" && warning?.metadata["deliveries"] == "3")
        #expect(metrics.counterTotal(label: "noticehub.subscriber.parked") == 1)
    }

    @Test func replayedParkedNoticesAreDeliveredAgainAndUnparkedOrParkedAgain() throws {
        let directory = TemporaryDirectory()
        let hub = try journaled(4, in: directory)
        let failing = Atomic<Bool>(true)
        let seen = Seen<Int64>()
        let policy = DeliveryPolicy(maxDeliveries: 2, backoff: [.milliseconds(1)])
        let subscription = try hub.journal.subscribe(as: "mailer", delivery: policy) { notice in
            seen.append(notice.sequence!)
            if notice.sequence! % 2 == 0 && failing.load(ordering: .acquiring) { throw Refused() }
        }
        #expect(try eventually { try cursor(of: "mailer", on: hub) == 4 })
        #expect(try hub.journal.parkedNotices(of: "mailer").map(\.sequence) == [2, 4])
        // Still failing: parked again, the deliveries added up.
        #expect(try hub.journal.replayParked(of: "mailer") == 2)
        #expect(try eventually { try hub.journal.parkedNotices(of: "mailer").map(\.deliveries) == [4, 4] })
        failing.store(false, ordering: .releasing)
        try hub.journal.replayParked(of: "mailer")
        #expect(try eventually { try hub.journal.parkedNotices(of: "mailer").isEmpty })
        subscription.cancel()
        #expect(seen.all == [1, 2, 2, 3, 4, 4, 2, 2, 4, 4, 2, 4])
    }

    @Test func cancellingEndsAWaitBetweenDeliveriesAtOnceAndParksNothing() throws {
        let directory = TemporaryDirectory()
        let hub = try journaled(2, in: directory)
        let seen = Seen<Int64>()
        let policy = DeliveryPolicy(maxDeliveries: 2, backoff: [.seconds(60)])
        let subscription = try hub.journal.subscribe(as: "mailer", delivery: policy) { notice in
            seen.append(notice.sequence!)
            if notice.sequence == 2 { throw Refused() }
        }
        #expect(eventually { seen.all == [1, 2] })
        let cancelling = ContinuousClock.now
        subscription.cancel()
        #expect(ContinuousClock.now - cancelling < .seconds(10))
        #expect(try cursor(of: "mailer", on: hub) == 1)
        #expect(try hub.journal.parkedNotices(of: "mailer").isEmpty)
    }

    @Test func droppedParkedNoticesAreGoneUndelivered() throws {
        let directory = TemporaryDirectory()
        let hub = try journaled(3, in: directory)
        let subscription = try hub.journal.subscribe(as: "mailer", delivery: DeliveryPolicy(maxDeliveries: 1)) {
            notice in
            if notice.sequence != 1 { throw Refused() }
        }
        #expect(try eventually { try hub.journal.parkedNotices(of: "mailer").count == 2 })
        subscription.cancel()
        #expect(try hub.journal.dropParked(of: "mailer", sequences: [3, 99]) == 1)
        #expect(try hub.journal.parkedNotices(of: "mailer").map(\.sequence) == [2])
        #expect(try hub.journal.dropParked(of: "mailer") == 1)
        #expect(try hub.journal.parkedNotices(of: "mailer").isEmpty)
    }

    @Test func aDeletedSubscriberLosesItsCursorAndParkedNoticesButNotWhileItRuns() throws {
        let directory = TemporaryDirectory()
        let hub = try journaled(2, in: directory)
        var subscription = try hub.journal.subscribe(as: "mailer", delivery: DeliveryPolicy(maxDeliveries: 1)) {
            notice in
            if notice.sequence == 2 { throw Refused() }
        }
        #expect(try eventually { try cursor(of: "mailer", on: hub) == 2 })
        #expect(throws: JournalError.subscriberBusy("mailer")) { try hub.journal.deleteSubscriber("mailer") }
        #expect(try hub.journal.parkedNotices(of: "mailer").count == 1)
        subscription.cancel()
        #expect(try hub.journal.deleteSubscriber("mailer"))
        #expect(try hub.journal.statistics().subscribers.isEmpty)
        #expect(try hub.journal.parkedNotices(of: "mailer").isEmpty)
        #expect(try !hub.journal.deleteSubscriber("mailer"))
        let seen = Seen<Int64>()
        subscription = try hub.journal.subscribe(as: "mailer") { seen.append($0.sequence!) }
        #expect(eventually { seen.all == [1, 2] })
        subscription.cancel()
    }
}
