import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
import Synchronization
import Testing
import TestSupport

/// Replay reads ahead on a second thread (`ReadAhead`); these journals span
/// many of its chunks, so every hand-over, the end, an early stop and a
/// failure are crossed.
struct ReadAheadTests {
    static let count = ReadAhead.chunkSize * 9 + 17

    /// A journal of `count` notices named "even" and "odd" by sequence.
    static func journal(in directory: TemporaryDirectory) throws -> SQLiteJournal {
        let journal = try SQLiteJournal(path: directory.path("journal.sqlite"))
        let hub = try NoticeHub(journal: journal, durability: .batched(maxDelay: .milliseconds(50)))
        for index in 1...count { try hub.post(index % 2 == 0 ? "even" : "odd", payload: index) }
        try hub.close()
        return journal
    }

    @Test func replayDeliversEveryNoticeOnceInOrderAcrossChunks() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: Self.journal(in: directory))
        let seen = Recorder<Int64>()
        let token = hub.observe(nil) { notice in
            #expect(notice.isReplay)
            #expect(try! notice.decode(Int.self) == Int(notice.sequence!))
            seen.append(notice.sequence!)
        }
        #expect(
            ReadAhead.pays(for: JournalQuery(through: Int64(Self.count)))
                || ProcessInfo.processInfo.activeProcessorCount == 1)
        #expect(try hub.journal.replay() == Self.count)
        #expect(seen.elements.elementsEqual(1...Int64(Self.count)), "\(seen.count) delivered")
        withExtendedLifetime(token) {}
    }

    @Test func aFilteredReadSelectsTheSameRowsAsAnInlineRead() throws {
        let directory = TemporaryDirectory()
        let connection = try Self.journal(in: directory).connect(durability: .always)
        let query = JournalQuery(from: 100, through: 2000, names: ["even"])
        var inline: [Int64] = []
        try connection.read(query) {
            inline.append($0.sequence!); return true
        }
        var ahead: [Int64] = []
        try ReadAhead.read(query, on: connection) {
            ahead.append($0.sequence!); return true
        }
        #expect(inline.count == 951)
        #expect(ahead == inline, "\(ahead.count) read ahead, \(inline.count) inline")

        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("journal.sqlite")))
        let seen = Recorder<Int64>()
        let token = hub.observe(nil) { seen.append($0.sequence!) }
        #expect(try hub.journal.replay(from: 100, through: 2000, names: ["even"]) == 951)
        #expect(seen.elements == inline, "\(seen.count) replayed")
        withExtendedLifetime(token) {}
    }

    @Test func onlyLongQueriesReadAheadAndNoBoundOverflows() {
        #expect(!ReadAhead.pays(for: JournalQuery(from: 1, through: 500)))
        #expect(!ReadAhead.pays(for: JournalQuery(from: 1, limit: 100)))
        #expect(!ReadAhead.pays(for: JournalQuery(from: 10, through: 5)))
        let manyCores = ProcessInfo.processInfo.activeProcessorCount > 1
        #expect(ReadAhead.pays(for: JournalQuery(from: 1, through: 100_000)) == manyCores)
        #expect(ReadAhead.pays(for: JournalQuery(from: -2, through: .max)) == manyCores)
        #expect(ReadAhead.pays(for: JournalQuery(from: .min, through: .max)) == manyCores)
    }

    @Test func replayFromBeforeTheFirstSequenceReplaysEverything() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: Self.journal(in: directory))
        #expect(try hub.journal.replay(from: -2) == Self.count)
        #expect(try hub.journal.replay(from: .min, through: .max) == Self.count)
    }

    /// A slow handler holds the reader back: it is never more than a few
    /// chunks ahead, and chunks of large payloads close early.
    @Test(arguments: [0, 64 * 1024])
    func theReaderStaysABoundedDistanceAhead(padding: Int) throws {
        let directory = TemporaryDirectory()
        let journal = try SQLiteJournal(path: directory.path("journal.sqlite"))
        let rows = 3 * ReadAhead.chunkSize * ReadAhead.chunksAhead
        do {
            let hub = try NoticeHub(journal: journal, durability: .batched(maxDelay: .milliseconds(50)))
            let text = String(repeating: "x", count: padding)
            for index in 0..<rows { try hub.post("padded", payload: [String(index): text]) }
            try hub.close()
        }
        let counting = ObservedConnection(try journal.connect(durability: .always))
        let perChunk = padding == 0 ? ReadAhead.chunkSize : ReadAhead.chunkBytes / padding
        // Queued chunks, the one being filled and the one being handled.
        let bound = perChunk * (ReadAhead.chunksAhead + 2) + 1
        var handled = 0
        var furthest = 0 // rows read but not yet handled
        try ReadAhead.read(JournalQuery(), on: counting) { _ in
            handled += 1
            // The sleep is the slow handler: the reader runs ahead meanwhile,
            // as far as it may, and how far is what is measured.
            if handled == 1 { Thread.sleep(forTimeInterval: 0.3) }
            furthest = max(furthest, counting.rowsRead.load(ordering: .relaxed) - handled)
            return true
        }
        #expect(handled == rows)
        #expect(furthest <= bound, "the reader got \(furthest) rows ahead; at most \(bound) expected")
    }

    @Test func stoppingEarlyWaitsForTheReaderAndLeavesTheConnectionUsable() throws {
        let directory = TemporaryDirectory()
        let connection = try Self.journal(in: directory).connect(durability: .always)
        var handled = 0
        try ReadAhead.read(JournalQuery(), on: connection) { _ in
            handled += 1
            return handled < 700
        }
        #expect(handled == 700)
        // The reading thread has let go of the connection: using it now is safe.
        #expect(try connection.lastSequence() == Int64(Self.count))
        var again = 0
        try connection.read(JournalQuery(from: 5, limit: 3)) { _ in
            again += 1; return true
        }
        #expect(again == 3)
    }

    @Test func aThrowingHandlerStopsTheReadAndItsErrorComesOut() throws {
        struct Refused: Error {}
        let directory = TemporaryDirectory()
        let connection = try Self.journal(in: directory).connect(durability: .always)
        var handled = 0
        #expect(throws: Refused.self) {
            try ReadAhead.read(JournalQuery(), on: connection) { _ in
                handled += 1
                if handled == 1000 { throw Refused() }
                return true
            }
        }
        #expect(handled == 1000)
        #expect(try connection.lastSequence() == Int64(Self.count))
    }

    /// A failure of the storage part way through arrives after every notice
    /// read before it, as it would from an inline read: before the first row,
    /// at a chunk's end, and inside one.
    @Test(arguments: [0, ReadAhead.chunkSize * 2, 1500])
    func aReadFailureComesAfterTheNoticesReadBeforeIt(failingAfter rows: Int) throws {
        let directory = TemporaryDirectory()
        let real = try Self.journal(in: directory).connect(durability: .always)
        let failing = ObservedConnection(real, failingAfter: rows)
        var sequences: [Int64] = []
        #expect(throws: ObservedConnection.StorageFailure.self) {
            try ReadAhead.read(JournalQuery(), on: failing) { notice in
                sequences.append(notice.sequence!)
                return true
            }
        }
        #expect(sequences.elementsEqual((0..<Int64(rows)).map { $0 + 1 }), "\(sequences.count) handled")
    }
}

/// A real connection that counts the rows its reads step through and, if
/// asked, fails after a number of them, as a storage error part way through
/// a scan would.
private final class ObservedConnection: JournalConnection {
    struct StorageFailure: Error {}
    let base: any JournalConnection
    let failingAfter: Int?
    /// Rows read so far, by whichever thread reads.
    let rowsRead = Atomic<Int>(0)

    init(_ base: any JournalConnection, failingAfter: Int? = nil) {
        self.base = base
        self.failingAfter = failingAfter
    }

    func read(_ query: JournalQuery, _ body: (Notice) throws -> Bool) throws {
        try base.read(query) { notice in
            if let failingAfter, rowsRead.load(ordering: .relaxed) >= failingAfter { throw StorageFailure() }
            rowsRead.add(1, ordering: .relaxed)
            return try body(notice)
        }
    }

    func beginAppending() throws { try base.beginAppending() }
    func append(_ record: JournalRecord, projections: [any Projection]) throws -> AppendOutcome {
        try base.append(record, projections: projections)
    }
    func commitAppending() throws { try base.commitAppending() }
    func rollbackAppending() { base.rollbackAppending() }
    var isAppending: Bool { base.isAppending }
    func lastSequence() throws -> Int64 { try base.lastSequence() }
    func changeCounter() throws -> Int64 { try base.changeCounter() }
    func statistics() throws -> JournalStatistics { try base.statistics() }
    func integrityProblems() throws -> [String] { try base.integrityProblems() }
    func cursor(of subscriber: String) throws -> Int64? { try base.cursor(of: subscriber) }
    func saveCursor(_ cursor: Int64, of subscriber: String) throws { try base.saveCursor(cursor, of: subscriber) }
}
