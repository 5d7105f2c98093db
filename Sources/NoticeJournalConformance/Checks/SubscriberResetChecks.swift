import NoticeHub
import Testing

/// A stopped durable subscriber's cursor moved on every backend: it goes on
/// from the position it was moved to, and one that runs is not moved.
struct SubscriberResetChecks {
    func aResetSubscriberGoesOnFromItsNewPosition(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        for index in 1...4 { try hub.post("tick", payload: index) }
        #expect(try hub.journal.resetSubscriber("indexer", to: .sequence(3)) == 2)
        let seen = Collected<Int64>()
        let subscription = try hub.journal.subscribe(as: "indexer") { seen.append($0.sequence!) }
        try waitUntil { seen.count == 2 }
        #expect(throws: JournalError.subscriberBusy("indexer")) {
            try hub.journal.resetSubscriber("indexer", to: .end)
        }
        subscription.cancel()
        #expect(seen.elements == [3, 4])
        #expect(try hub.journal.resetSubscriber("indexer", to: .end) == 4)
    }
}
