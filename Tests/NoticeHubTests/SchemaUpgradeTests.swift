import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
import Testing
import TestSupport

/// `SQLiteJournal.pendingUpgrade(at:)` says what opening a file would
/// upgrade, without writing a byte.
struct SchemaUpgradeTests {
    @Test(arguments: [(10, true), (12, true), (13, false), (14, false)])
    func anOlderJournalHasAnUpgradeThatSaysWhetherItRewritesNotices(schema: Int, rewrites: Bool) throws {
        let directory = TemporaryDirectory()
        let path = directory.path("j.sqlite")
        try OlderSchemaJournal.create(at: path, schema: schema)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let upgrade = try SQLiteJournal.pendingUpgrade(at: path)
        #expect(upgrade == SchemaUpgrade(from: schema, to: SQLiteJournal.schemaVersion, rewritesNotices: rewrites))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "nothing written")
        _ = try SQLiteJournal(path: path)
        #expect(try SQLiteJournal.pendingUpgrade(at: path) == nil)
    }

    @Test func aNewFileHasNoUpgradeAndABadOneSaysWhy() throws {
        let directory = TemporaryDirectory()
        #expect(try SQLiteJournal.pendingUpgrade(at: directory.path("none.sqlite")) == nil)
        let text = directory.path("notes.txt")
        try Data("not a database, long enough to be read as one".utf8).write(to: URL(fileURLWithPath: text))
        #expect(throws: JournalError.notADatabase(path: text)) { try SQLiteJournal.pendingUpgrade(at: text) }
    }
}
