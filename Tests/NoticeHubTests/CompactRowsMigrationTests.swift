import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
import NoticeSQLite
import Testing
import TestSupport

/// Schema 13: a row keeps the fields an ordinary notice leaves out in one
/// `extra` column, and the indexes on names and on conversations hold each
/// row's sequence once, as the key SQLite ends every index entry with. A
/// journal of schema 12 is converted when it is opened, every field kept.
struct CompactRowsMigrationTests {
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

    @Test func aSchema12JournalKeepsEveryField() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("j.sqlite")
        let request = NameCodesMigrationTests.timed, reply = NameCodesMigrationTests.random
        let bytes = OlderSchemaJournal.bytes
        try OlderSchemaJournal.create(
            at: path, schema: 12,
            holding: """
                INSERT INTO notice_names (code, name) VALUES (1, 'weather.now');
                INSERT INTO notice_senders (code, sender) VALUES (1, 'station');
                INSERT INTO notices (seq, id, name_code, sender_code, payload, kind)
                VALUES (1, \(bytes(request)), 1, NULL, '{"city":"Lyon"}', 'request');
                INSERT INTO notices
                    (seq, id, name_code, sender_code, payload, version, posted_at, kind, conversation, cause, metadata)
                VALUES (2, \(bytes(reply)), 1, 1, '{"celsius":4}', 2, 3000, 'reply', \(bytes(request)),
                        \(bytes(request)), '{"tenant":"7"}');
                INSERT INTO notices (seq, id, name_code, payload) VALUES (3, \(bytes(NameCodesMigrationTests.late)), 1, '1');
                INSERT INTO journal_counts (name, notices, payload_bytes) VALUES ('weather.now', 3, 29);
                """)

        let hub = try NoticeHub(journal: SQLiteJournal(path: path))
        #expect(try hub.journal.statistics().schemaVersion == Migration.latestVersion)
        var read: [Notice] = []
        var query = JournalQuery()
        query.kinds = [.notice, .request, .reply]
        try hub.journal.read(query) {
            read.append($0); return true
        }
        #expect(read.map(\.kind) == [.request, .reply, .notice])
        #expect(read.map(\.conversation) == [nil, request, nil])
        #expect(read.map(\.cause) == [nil, request, nil])
        #expect(read.map(\.version) == [1, 2, 1])
        #expect(read.map(\.postedAtMilliseconds) == [1000, 3000, 1000])
        #expect(read.map(\.metadata) == [.empty, ["tenant": "7"], .empty])
        #expect(try hub.journal.malformedRows().count == 0)

        var replies: [Int64?] = []
        query = JournalQuery(kinds: [.reply])
        query.cause = request
        try hub.journal.read(query) {
            replies.append($0.sequence); return true
        }
        #expect(replies == [2])

        let connection = try SQLiteConnection(path: path)
        let extras = try connection.prepare("SELECT extra FROM notices ORDER BY seq")
        var stored: [String?] = []
        while try extras.step() { stored.append(extras.string(at: 0)) }
        #expect(
            stored == [
                #"{"kind":"request"}"#,
                #"{"kind":"reply","cause":"\#(request)","version":2,"posted_at":3000,"metadata":{"tenant":"7"}}"#,
                nil,
            ])
    }

    @Test func aSchema12JournalReadsByNameAndConversationInOrder() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("j.sqlite")
        try OlderSchemaJournal.create(at: path, schema: 12)
        do {
            let hub = try NoticeHub(journal: SQLiteJournal(path: path))
            #expect(try hub.journal.statistics().schemaVersion == Migration.latestVersion)
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
