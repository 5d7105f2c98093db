import Foundation
import Synchronization
import NoticeHub
import Testing

/// Durable subscribers whose handlers throw, on every backend that keeps
/// parked notices: retries in order, parking after the last delivery,
/// replay, dropping, and deleting a subscriber.
struct ParkingChecks {
    struct Refused: Error, CustomStringConvertible {
        var description: String { "refused" }
    }

    /// Three deliveries, 5 ms then 10 ms apart.
    static let quick = DeliveryPolicy(maxDeliveries: 3, backoff: [.milliseconds(5), .milliseconds(10)])

    func aNoticeThrownForIsRetriedThenParkedAndReplayed(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        for index in 1...3 { try hub.post("tick", payload: index) }
        let failing = Mutex(true)
        let seen = Collected<Int64>()
        let subscription = try hub.journal.subscribe(as: "mailer", delivery: Self.quick) { notice in
            seen.append(notice.sequence!)
            if notice.sequence == 2 && failing.withLock({ $0 }) { throw Refused() }
        }
        try waitUntil { (try? hub.journal.parkedNotices(of: "mailer").count) == 1 && seen.count == 5 }
        #expect(seen.elements == [1, 2, 2, 2, 3])
        let parked = try hub.journal.parkedNotices(of: "mailer")
        #expect(parked.map(\.sequence) == [2] && parked.first?.deliveries == 3 && parked.first?.error == "refused")
        failing.withLock { $0 = false }
        #expect(try hub.journal.replayParked(of: "mailer") == 1)
        try waitUntil { (try? hub.journal.parkedNotices(of: "mailer").isEmpty) == true }
        subscription.cancel()
        #expect(seen.elements == [1, 2, 2, 2, 3, 2])
    }

    func droppedParkedNoticesAndDeletedSubscribersAreGone(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        for index in 1...3 { try hub.post("tick", payload: index) }
        let subscription = try hub.journal.subscribe(as: "mailer", delivery: DeliveryPolicy(maxDeliveries: 1)) {
            notice in
            if notice.sequence != 1 { throw Refused() }
        }
        try waitUntil {
            (try? hub.journal.statistics().subscribers.first { $0.name == "mailer" }?.cursor) == 3
        }
        #expect(throws: JournalError.subscriberBusy("mailer")) { try hub.journal.deleteSubscriber("mailer") }
        subscription.cancel()
        #expect(try hub.journal.parkedNotices(of: "mailer").map(\.sequence) == [2, 3])
        #expect(try hub.journal.dropParked(of: "mailer", sequences: [3]) == 1)
        #expect(try hub.journal.parkedNotices(of: "mailer").map(\.sequence) == [2])
        #expect(try hub.journal.deleteSubscriber("mailer"))
        #expect(try hub.journal.parkedNotices(of: "mailer").isEmpty)
        #expect(try hub.journal.statistics().subscribers.isEmpty)
        #expect(try !hub.journal.deleteSubscriber("mailer"))
    }
}
