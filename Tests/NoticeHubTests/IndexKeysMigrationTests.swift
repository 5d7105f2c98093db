import Foundation
@testable import NoticeHub
import NoticeSQLite
import Testing
import TestSupport

/// Schema 13: the indexes on names and on conversations hold each row's
/// sequence once, as the key SQLite ends every index entry with, and read
/// by name or conversation in sequence order as before.
struct IndexKeysMigrationTests {
    /// The columns an index's entries hold, the row's key included.
    private func entryColumns(_ index: String, at path: String) throws -> [String] {
        let connection = try SQLiteConnection(path: path, mode: .readOnly)
        let statement = try connection.prepare("PRAGMA index_xinfo(\(index))")
        var columns: [String] = []
        while try statement.step() { columns.append(statement.string(at: 2) ?? "(the row's key)") }
        return columns
    }

    @Test func indexEntriesHoldTheSequenceOnce() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("j.sqlite")
        _ = try SQLiteJournal(path: path)
        #expect(try entryColumns("notices_by_name", at: path) == ["name_code", "(the row's key)"])
        #expect(try entryColumns("notices_by_conversation", at: path) == ["conversation", "(the row's key)"])
    }

    @Test func aSchema12JournalReadsByNameAndConversationInOrder() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("j.sqlite")
        do {
            let connection = try SQLiteConnection(path: path, mode: .readWriteCreate)
            try connection.enableWAL()
            try connection.defineUUIDBytesFunction(named: "noticehub_uuid_bytes")
            try connection.allowingSchemaEdits {
                for migration in Migration.embedded where migration.version <= 12 {
                    try connection.execute(migration.sql)
                    try connection.execute("PRAGMA schema_version = \(try connection.pragmaInt("schema_version") + 1)")
                }
            }
            try connection.execute("PRAGMA user_version = 12; PRAGMA application_id = \(Migration.applicationID)")
        }
        do {
            let hub = try NoticeHub(journal: SQLiteJournal(path: path))
            #expect(try hub.journal.statistics().schemaVersion == 13)
        }
        #expect(try entryColumns("notices_by_name", at: path) == ["name_code", "(the row's key)"])

        let hub = try NoticeHub(journal: SQLiteJournal(path: path))
        let opening = try hub.post("chat.opened", payload: 0)
        for index in 1...6 {
            _ = try NoticeHub.withCause(opening) {
                try hub.post(index.isMultiple(of: 2) ? "chat.said" : "chat.read", payload: index)
            }
        }
        var said: [Int64] = []
        try hub.journal.read(JournalQuery(from: 3, names: ["chat.said"])) {
            said.append($0.sequence ?? 0); return true
        }
        #expect(said == [3, 5, 7])
        var conversation: [Int64] = []
        try hub.journal.read(JournalQuery(conversation: opening.id)) {
            conversation.append($0.sequence ?? 0); return true
        }
        #expect(conversation == Array(1...7))
    }
}
