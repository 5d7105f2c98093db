import Foundation
import NoticeHub
import NoticeSQLite
import Testing
import TestSupport

/// A trim of a SQLite journal gives the file's freed pages back, in a journal
/// made with incremental auto-vacuum (every journal this release creates);
/// one made before keeps them for later notices.
struct TrimSpaceTests {
    static func pages(_ path: String) throws -> (total: Int64, free: Int64, autoVacuum: Int64) {
        let connection = try SQLiteConnection(path: path)
        return (
            try connection.pragmaInt("page_count"), try connection.pragmaInt("freelist_count"),
            try connection.pragmaInt("auto_vacuum")
        )
    }

    static func fill(_ hub: NoticeHub) throws {
        let text = String(repeating: "x", count: 2_000)
        for index in 1...600 { try hub.post("meter.read", payload: ["index": "\(index)", "text": text]) }
    }

    @Test func aTrimGivesTheFreedPagesBack() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("journal.sqlite")
        let hub = try NoticeHub(journal: SQLiteJournal(path: path))
        try Self.fill(hub)
        try hub.journal.flush()
        let before = try Self.pages(path)
        #expect(before.autoVacuum == 2, "incremental")
        #expect(try hub.journal.trim(through: 590).removed == 590)
        let after = try Self.pages(path)
        #expect(after.free == 0)
        #expect(after.total < before.total / 5, "\(before.total) pages, then \(after.total)")
        #expect(try hub.journal.statistics().notices == 10)
        #expect(try hub.journal.malformedRows().isEmpty)
        #expect(try hub.journal.integrityProblems().isEmpty)
    }

    @Test func aJournalMadeWithoutAutoVacuumKeepsItsFreePages() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("journal.sqlite")
        // An application's database, made before NoticeHub adopted it.
        let foreign = try SQLiteConnection(path: path, mode: .readWriteCreate)
        try foreign.execute("CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT)")
        try SQLiteJournal.initialize(path: path)
        let hub = try NoticeHub(journal: SQLiteJournal(path: path))
        try Self.fill(hub)
        #expect(try Self.pages(path).autoVacuum == 0)
        #expect(try hub.journal.trim(through: 590).removed == 590)
        #expect(try Self.pages(path).free > 0, "kept for later notices")
        #expect(try hub.journal.integrityProblems().isEmpty)
    }
}
