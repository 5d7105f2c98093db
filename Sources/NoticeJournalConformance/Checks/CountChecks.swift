import Foundation
import NoticeHub

import Testing

/// The counts a journal keeps with its notices (``JournalStatistics/byName``):
/// every way a notice is stored adds to them exactly once, and a read of
/// every row finds them in agreement.
struct CountChecks {
    /// The notices of each name, counted by reading every row.
    static func heldByName(_ hub: NoticeHub) throws -> [JournalStatistics.NameCount] {
        var held: [String: Int] = [:]
        try hub.journal.read(JournalQuery()) {
            held[$0.name.rawValue, default: 0] += 1
            return true
        }
        return held.keys.sorted().map { JournalStatistics.NameCount(name: $0, count: held[$0]!) }
    }

    func countsFollowEveryWayANoticeIsStored(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        let first = try hub.post("page.viewed", payload: "home")
        try hub.post("page.viewed", payload: "about")
        try hub.post(first)
        try hub.post("cart.emptied")
        let batched = try place.hub(durability: .never)
        for index in 0..<40 { try batched.post(index % 4 == 0 ? "cart.emptied" : "page.viewed", payload: index) }
        try batched.close()
        let line = try NoticeLine.encode(try NoticeHub().post("order.placed", payload: 1))
        #expect(try hub.journal.importNotices([line, try NoticeLine.encode(first)]).imported == 1)
        #expect(throws: ImportError.self) {
            try hub.journal.importNotices([line.replacingOccurrences(of: "order", with: "x"), "{"])
        }

        let statistics = try hub.journal.statistics()
        #expect(statistics.byName == (try Self.heldByName(hub)))
        #expect(statistics.byName.map(\.count) == [11, 1, 32])
        #expect(statistics.notices == 44)
        #expect(try hub.journal.malformedRows().isEmpty)
    }

    func aRefusedNoticeIsNotCounted(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub(projections: [ProjectionLifecycleChecks.Clicks(refusing: "spam")])
        try hub.post("page.clicked", payload: "home")
        #expect(throws: JournalError.self) { try hub.post("page.clicked", payload: "spam") }
        try hub.post("page.clicked", payload: "home")
        let statistics = try hub.journal.statistics()
        #expect(statistics.byName == [.init(name: "page.clicked", count: 2)])
        #expect(statistics.byName == (try Self.heldByName(hub)))
    }

    func rowsDeletedBehindTheJournalsBackAreMiscounted(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        for name in ["a", "b", "b"] { try hub.post(NoticeName(validating: name)) }
        #expect(try hub.journal.malformedRows().isEmpty)
        // The last row: no gap shows that it is gone, only the counts do.
        try place.runSQL("DELETE FROM notices WHERE seq = 3")
        let found = try hub.journal.malformedRows()
        #expect(found.gapCount == 0)
        #expect(found.miscounted == [MiscountedName(name: "b", counted: 2, held: 1)])
        #expect(!found.isEmpty)
    }

    func aCheckFromACheckpointReadsWhatFollowsAndTheSpan(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        for name in ["a", "b", "a"] { try hub.post(NoticeName(validating: name)) }
        #expect(try hub.journal.verifiedCheckpoint() == nil)
        let full = try hub.journal.malformedRows()
        #expect(full.isEmpty && full.checkedThrough == 3)
        try hub.journal.saveVerifiedCheckpoint(full.checkedThrough)
        #expect(try hub.journal.verifiedCheckpoint() == 3)

        try hub.post("b")
        try hub.post("b")
        let since = try hub.journal.malformedRows(after: 3)
        #expect(since.isEmpty && since.checkedThrough == 5)
        // The last row, deleted behind the journal's back: the span is short.
        try place.runSQL("DELETE FROM notices WHERE seq = 5")
        #expect(try hub.journal.malformedRows(after: 3).miscountedSpan == CountedSpan(counted: 5, first: 1, last: 4))
    }
}
