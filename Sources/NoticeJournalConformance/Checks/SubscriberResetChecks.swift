import Foundation
import NoticeHub
import Testing

/// A durable subscriber's cursor moved on every backend: a stopped one goes
/// on from the position it was moved to; a running one is moved at its next
/// batch where connections count resets, and refused where they do not.
struct SubscriberResetChecks {
    func aResetSubscriberGoesOnFromItsNewPosition(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        for index in 1...4 { try hub.post("tick", payload: index) }
        #expect(try hub.journal.resetSubscriber("indexer", to: .sequence(3)) == 2)
        let seen = Collected<Int64>()
        let subscription = try hub.journal.subscribe(as: "indexer") { seen.append($0.sequence!) }
        try waitUntil { seen.count == 2 }
        if !backend.capabilities.contains(.cursorResets) {
            #expect(throws: JournalError.subscriberBusy("indexer")) {
                try hub.journal.resetSubscriber("indexer", to: .end)
            }
        }
        subscription.cancel()
        #expect(seen.elements == [3, 4])
        #expect(try hub.journal.resetSubscriber("indexer", to: .end) == 4)
    }

    func aRunningSubscriberGoesOnFromItsResetCursorAtItsNextBatch(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        for index in 1...4 { try hub.post("tick", payload: index) }
        let seen = Collected<Int64>()
        let holding = DispatchSemaphore(value: 0)
        let subscription = try hub.journal.subscribe(as: "indexer") { notice in
            seen.append(notice.sequence!)
            // The first delivery of #6 waits for the check's reset.
            if notice.sequence == 6 && seen.elements.filter({ $0 == 6 }).count == 1 { holding.wait() }
        }
        try waitUntil { seen.count == 4 }
        // Idle: the reset reaches it without a notice posted.
        #expect(try hub.journal.resetSubscriber("indexer", to: .sequence(2)) == 1)
        try waitUntil { seen.count == 7 }
        try hub.post("tick", payload: 5)
        try hub.post("tick", payload: 6)
        try waitUntil { seen.elements.last == 6 }
        // Reset, while #6's batch is handled, to the cursor that batch
        // started from: the batch's own save must not overwrite it.
        #expect(try hub.journal.resetSubscriber("indexer", to: .sequence(6)) == 5)
        holding.signal()
        try waitUntil { seen.elements.filter { $0 == 6 }.count == 2 }
        try hub.post("tick", payload: 7)
        try waitUntil { seen.elements.last == 7 }
        subscription.cancel()
        #expect(seen.elements == [1, 2, 3, 4, 2, 3, 4, 5, 6, 6, 7])
        #expect(try hub.journal.statistics().subscribers.first { $0.name == "indexer" }?.cursor == 7)
    }
}
