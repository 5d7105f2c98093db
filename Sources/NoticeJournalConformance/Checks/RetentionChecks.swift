import Foundation
import Synchronization
import NoticeHub
import Testing

/// A retention policy kept in the journal, and what applying it trims.
struct RetentionChecks {
    func aPolicyIsKeptInTheJournalAndClearedAgain(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        #expect(try hub.journal.retentionPolicy() == .keepEverything)
        let policy = RetentionPolicy(maxAge: .seconds(90 * 86_400), maxCount: 1_000)
        try hub.journal.setRetentionPolicy(policy)
        #expect(try place.hub().journal.retentionPolicy() == policy)
        #expect(throws: JournalError.self) { try hub.journal.setRetentionPolicy(RetentionPolicy(maxCount: 0)) }
        #expect(try hub.journal.retentionPolicy() == policy)
        try hub.journal.setRetentionPolicy(.keepEverything)
        #expect(try hub.journal.retentionPolicy() == .keepEverything)
        #expect(try hub.journal.applyRetention() == RetentionOutcome(trim: nil, heldBackBy: nil))
    }

    func applyingAPolicyTrimsByCountAndAge(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        var times: [Int64] = []
        for index in 1...10 { times.append(try hub.post("meter.read", payload: index).postedAtMilliseconds) }

        try hub.journal.setRetentionPolicy(RetentionPolicy(maxCount: 7))
        #expect(try hub.journal.applyRetention().trim == TrimSummary(removed: 3, firstRetained: 4))
        #expect(try hub.journal.applyRetention().trim == nil)

        // As of 1 ms after the sixth notice, with a maximum age of 1 ms: the
        // notices posted before the sixth are too old (several may share a
        // millisecond, so the cut is where their times say).
        let now = times[5] + 1
        let older = Int64(times.filter { $0 < times[5] }.count)
        try hub.journal.setRetentionPolicy(RetentionPolicy(maxAge: .milliseconds(1)))
        let outcome = try hub.journal.applyRetention(now: now)
        #expect(outcome.trim.map(\.firstRetained) ?? 4 == max(4, older + 1))
        #expect(try hub.journal.firstRetainedSequence() == max(4, older + 1))

        // Everything is old now, but the last notice stays.
        #expect(try hub.journal.applyRetention(now: times[9] + 60_000).trim?.firstRetained == 10)
        #expect(try hub.journal.statistics().notices == 1)
    }

    /// Payloads of 10 bytes each (`"xxxxxxxx"` with its quotes): keeping at
    /// most 35 bytes keeps the newest three.
    func applyingAPolicyTrimsBySize(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        for _ in 1...10 { try hub.post("meter.read", payload: "xxxxxxxx") }
        let policy = RetentionPolicy(maxBytes: 35)
        try hub.journal.setRetentionPolicy(policy)
        #expect(try place.hub().journal.retentionPolicy() == policy)
        #expect(throws: JournalError.self) { try hub.journal.setRetentionPolicy(RetentionPolicy(maxBytes: 0)) }
        #expect(try hub.journal.applyRetention().trim == TrimSummary(removed: 7, firstRetained: 8))
        #expect(try hub.journal.applyRetention().trim == nil)
        try hub.post("meter.read", payload: "xxxxxxxx")
        #expect(try hub.journal.applyRetention().trim == TrimSummary(removed: 1, firstRetained: 9))
    }

    func aDurableSubscriberHoldsRetentionBack(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        for index in 1...10 { try hub.post("meter.read", payload: index) }
        try place.open().connect(durability: .always).saveCursor(4, of: "indexer")
        try hub.journal.setRetentionPolicy(RetentionPolicy(maxCount: 2))
        #expect(
            try hub.journal.applyRetention()
                == RetentionOutcome(trim: TrimSummary(removed: 4, firstRetained: 5), heldBackBy: "indexer"))
    }

    func retentionAppliedInTheBackgroundStopsWhenCancelled(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        for index in 1...10 { try hub.post("meter.read", payload: index) }
        try hub.journal.setRetentionPolicy(RetentionPolicy(maxCount: 3))
        #expect(throws: JournalError.self) { try hub.journal.applyRetention(every: .zero) }

        let applied = Collected<RetentionOutcome>()
        let failures = Collected<String>()
        let retention = try hub.journal.applyRetention(
            every: .milliseconds(20), onApplied: { applied.append($0) }, onFailure: { failures.append("\($0)") })
        try waitUntil { (try? hub.journal.firstRetainedSequence()) == 8 && applied.count > 0 }
        #expect(
            applied.elements.first == RetentionOutcome(trim: TrimSummary(removed: 7, firstRetained: 8), heldBackBy: nil)
        )
        for index in 11...15 { try hub.post("meter.read", payload: index) }
        try waitUntil { (try? hub.journal.firstRetainedSequence()) == 13 }

        retention.cancel()
        #expect(retention.isCancelled)
        let rounds = applied.count
        for index in 16...20 { try hub.post("meter.read", payload: index) }
        Thread.sleep(forTimeInterval: 0.1)
        #expect(applied.count == rounds, "nothing is applied once cancelled")
        #expect(try hub.journal.firstRetainedSequence() == 13)
        #expect(failures.elements == [])

        // Cancelled from its own callback, it stops without waiting for itself.
        let holder = Mutex<Subscription?>(nil)
        let returned = Collected<Bool>()
        let selfCancelling = try hub.journal.applyRetention(every: .milliseconds(20)) { _ in
            guard let subscription = holder.withLock({ $0 }) else { return }
            subscription.cancel()
            returned.append(subscription.isCancelled)
        }
        holder.withLock { $0 = selfCancelling }
        try waitUntil { returned.count > 0 }
        #expect(returned.elements == [true])
    }
}
