import Foundation
@testable import NoticeHub
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
        #expect(ReadAhead.pays(for: JournalQuery()) || ProcessInfo.processInfo.activeProcessorCount == 1)
        #expect(try hub.replay() == Self.count)
        #expect(seen.elements.elementsEqual(1...Int64(Self.count)), "\(seen.count) delivered")
        withExtendedLifetime(token) {}
    }

    @Test func filteredAndBoundedReplaysSelectTheSameWithOrWithoutReadingAhead() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: Self.journal(in: directory))
        let seen = Recorder<Int64>()
        let token = hub.observe(nil) { seen.append($0.sequence!) }
        #expect(try hub.replay(from: 100, through: 2000, names: ["even"]) == 951)
        #expect(seen.elements.elementsEqual(stride(from: Int64(100), through: 2000, by: 2)), "\(seen.count) delivered")
        withExtendedLifetime(token) {}
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
        try connection.read(JournalQuery(from: 5, limit: 3)) { _ in again += 1; return true }
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
    /// read before it, as it would from an inline read.
    @Test func aReadFailureComesAfterTheNoticesReadBeforeIt() throws {
        let directory = TemporaryDirectory()
        let real = try Self.journal(in: directory).connect(durability: .always)
        let failing = FailingAfter(real, rows: 1500)
        var sequences: [Int64] = []
        #expect(throws: FailingAfter.StorageFailure.self) {
            try ReadAhead.read(JournalQuery(), on: failing) { notice in
                sequences.append(notice.sequence!)
                return true
            }
        }
        #expect(sequences.elementsEqual(1...1500), "\(sequences.count) handled")
    }
}

/// A real connection whose reads fail after a number of rows, as a storage
/// error part way through a scan would.
private final class FailingAfter: JournalConnection {
    struct StorageFailure: Error {}
    let base: any JournalConnection
    let rows: Int

    init(_ base: any JournalConnection, rows: Int) {
        self.base = base
        self.rows = rows
    }

    func read(_ query: JournalQuery, _ body: (Notice) throws -> Bool) throws {
        var read = 0
        try base.read(query) { notice in
            guard read < rows else { throw StorageFailure() }
            read += 1
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
    func readState<T>(_ body: (any ProjectionStore) throws -> T) throws -> T { try base.readState(body) }
    func statistics() throws -> JournalStatistics { try base.statistics() }
    func integrityProblems() throws -> [String] { try base.integrityProblems() }
    func cursor(of subscriber: String) throws -> Int64? { try base.cursor(of: subscriber) }
    func saveCursor(_ cursor: Int64, of subscriber: String) throws { try base.saveCursor(cursor, of: subscriber) }
}
