import Foundation
import NoticeHub
import Testing

/// What a trim promises: the oldest notices go, sequence numbers are never
/// reused, the counts follow, and nothing that reads the journal skips what
/// is gone without being told.
struct TrimChecks {
    /// A hub whose journal holds `count` notices named a and b in turn.
    static func journal(of count: Int, in place: JournalPlace) throws -> NoticeHub {
        let hub = try place.hub()
        for index in 1...count { try hub.post(index % 2 == 1 ? "a" : "b", payload: index) }
        return hub
    }

    static func sequences(_ hub: NoticeHub, from: Int64) throws -> [Int64] {
        var read: [Int64] = []
        try hub.journal.read(JournalQuery(from: from)) {
            read.append($0.sequence!)
            return true
        }
        return read
    }

    func aTrimRemovesTheOldestNoticesAndReadsBelowItAreRefused(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try Self.journal(of: 10, in: place)
        #expect(try hub.journal.firstRetainedSequence() == 1)
        var reported: [Int] = []
        let summary = try hub.journal.trim(through: 4, batchSize: 3) { reported.append($0.removed) }
        #expect(summary == TrimSummary(removed: 4, firstRetained: 5))
        #expect(reported == [3, 4])
        #expect(try hub.journal.firstRetainedSequence() == 5)

        let trimmed = JournalError.trimmed(from: 1, firstRetained: 5)
        #expect(throws: trimmed) { try Self.sequences(hub, from: 1) }
        #expect(throws: JournalError.trimmed(from: 4, firstRetained: 5)) {
            try hub.journal.read(JournalQuery(from: 4, names: ["a"], limit: 1)) { _ in true }
        }
        #expect(throws: trimmed) { try hub.journal.replay() }
        #expect(try Self.sequences(hub, from: 5) == Array(5...10))
        #expect(try hub.journal.replay(from: 5) == 6)

        // Numbers go on from the last; the counts and verify agree.
        #expect(try hub.post("a").sequence == 11)
        let statistics = try hub.journal.statistics()
        #expect(statistics.notices == 7 && statistics.firstSequence == 5 && statistics.lastSequence == 11)
        #expect(statistics.byName == [.init(name: "a", count: 4), .init(name: "b", count: 3)])
        #expect(try hub.journal.malformedRows().isEmpty)
    }

    func theLastNoticeAndUnhandledNoticesAreKept(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try Self.journal(of: 3, in: place)
        #expect(throws: JournalError.self) { try hub.journal.trim(through: 3) }
        try place.open().connect(durability: .always).saveCursor(1, of: "indexer")
        #expect(
            throws: JournalError.trimRefused(
                #"durable subscriber "indexer" has handled notices through #1 only, and would lose those through #2"#)
        ) { try hub.journal.trim(through: 2) }
        #expect(try hub.journal.statistics().notices == 3)
        #expect(try hub.journal.trim(through: 2, leavingSubscribersBehind: true).removed == 2)
    }

    func followersAndDurableSubscribersBelowATrimAreStopped(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try Self.journal(of: 6, in: place)
        try place.open().connect(durability: .always).saveCursor(2, of: "indexer")
        try hub.journal.trim(through: 4, leavingSubscribersBehind: true)

        let failures = Collected<String>()
        let handled = Collected<Int64>()
        let subscriber = try hub.journal.subscribe(as: "indexer", onFailure: { failures.append("\($0)") }) {
            handled.append($0.sequence!)
        }
        let follower = try hub.journal.tail(JournalQuery(from: 2), onFailure: { failures.append("\($0)") }) {
            handled.append($0.sequence!)
        }
        try waitUntil { failures.count == 2 }
        // The subscriber's next notice is #3, the follower's #2: both are gone.
        #expect(
            Set(failures.elements)
                == [
                    JournalError.trimmed(from: 3, firstRetained: 5).description,
                    JournalError.trimmed(from: 2, firstRetained: 5).description,
                ])
        #expect(handled.elements == [])
        subscriber.cancel()
        follower.cancel()

        // Started at the first retained notice, each reads what is left.
        let resumed = try hub.journal.tail(JournalQuery(from: try hub.journal.firstRetainedSequence())) {
            handled.append($0.sequence!)
        }
        try waitUntil { handled.count == 2 }
        #expect(handled.elements == [5, 6])
        resumed.cancel()
    }

    /// A trim cut short between its batches: the mark is up, some rows
    /// below it are left. Reads below the mark are refused, verify finds
    /// nothing wrong, and trimming again finishes the work.
    func aTrimCutShortIsFinishedByTheNext(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try Self.journal(of: 10, in: place)
        let connection = try #require(try place.open().connect(durability: .always) as? any TrimmingJournalConnection)
        try connection.beginAppending()
        try connection.setMark(.firstRetained, to: 8)
        #expect(try connection.removeNotices(through: 7, limit: 2) == 2)
        try connection.commitAppending()

        #expect(throws: JournalError.trimmed(from: 3, firstRetained: 8)) { try Self.sequences(hub, from: 3) }
        #expect(try Self.sequences(hub, from: 8) == [8, 9, 10])
        #expect(try hub.journal.statistics().notices == 8)
        #expect(try hub.journal.malformedRows().isEmpty)

        #expect(try hub.journal.trim(through: 1) == TrimSummary(removed: 5, firstRetained: 8))
        #expect(try hub.journal.statistics().notices == 3)
        #expect(try hub.journal.statistics().byName == [.init(name: "a", count: 1), .init(name: "b", count: 2)])
        #expect(try hub.journal.malformedRows().isEmpty)
    }
}
