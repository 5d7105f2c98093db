import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
import Testing
import TestSupport

/// A hub whose commits sync grows its journal's `-wal` file, on its first
/// append, to the length SQLite's checkpoints keep it at.
struct LogPreallocationTests {
    /// SQLite's default threshold (1,000 pages) plus an eighth, 4,120 bytes
    /// a frame, after the log's 32-byte header.
    static let preallocatedBytes = 32 + 1_125 * 4_120

    static func walSize(_ path: String) -> Int {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path + "-wal")
        return (attributes?[.size] as? NSNumber)?.intValue ?? 0
    }

    @Test(arguments: [Durability.always, .batched(maxDelay: .milliseconds(20))])
    func hubsThatSyncGrowTheLogOnTheirFirstAppend(durability: Durability) throws {
        let directory = TemporaryDirectory()
        let path = directory.path("journal.sqlite")
        let hub = try NoticeHub(journal: SQLiteJournal(path: path), durability: durability)
        #expect(Self.walSize(path) < Self.preallocatedBytes, "opening writes nothing")
        try hub.post("reading.taken", payload: ["index": -1])
        #expect(Self.walSize(path) == Self.preallocatedBytes)
        for index in 0..<300 { try hub.post("reading.taken", payload: ["index": index]) }
        try hub.close()
        #expect(Self.walSize(path) == 0 || Self.walSize(path) >= Self.preallocatedBytes)

        let reopened = try NoticeHub(journal: SQLiteJournal(path: path), durability: durability)
        #expect(try reopened.journal.statistics().notices == 301)
        #expect(try reopened.journal.integrityProblems().isEmpty)
    }

    @Test func aHubThatNeverSyncsLeavesTheLogAlone() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("journal.sqlite")
        let hub = try NoticeHub(journal: SQLiteJournal(path: path), durability: .never)
        try hub.post("reading.taken")
        #expect(Self.walSize(path) < Self.preallocatedBytes)
        try hub.close()
    }
}
