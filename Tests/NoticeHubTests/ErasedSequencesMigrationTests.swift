import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
import Testing
import TestSupport

/// Schema 15 marks the runs of removed numbers that an erasure made: the
/// runs a journal at schema 14 holds were retention's, and stay so.
struct ErasedSequencesMigrationTests {
    @Test func retentionsRunsStayRetentionsAndErasuresAreMarked() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("j.sqlite")
        let bytes = OlderSchemaJournal.bytes
        // #1 and #4 of ann; #2 and #3 removed by a rule by name.
        try OlderSchemaJournal.create(
            at: path, schema: 14,
            holding: """
                INSERT INTO notice_names (code, name) VALUES (1, 'visit.logged');
                INSERT INTO notices (seq, id, name_code, payload)
                VALUES (1, \(bytes(NoticeID("00000000-03e8-7e5f-8a6b-7c8d9e0f1a21")!)), 1, '{"user":"ann"}'),
                       (4, \(bytes(NoticeID("00000000-03e9-7e5f-8a6b-7c8d9e0f1a24")!)), 1, '{"user":"ann"}');
                INSERT INTO journal_counts (name, notices, payload_bytes) VALUES ('visit.logged', 2, 28);
                INSERT INTO removed_sequences (first, last) VALUES (2, 3);
                """)
        #expect(try SQLiteJournal.pendingUpgrade(at: path)?.rewritesNotices == false)

        let hub = try NoticeHub(journal: SQLiteJournal(path: path))
        #expect(try hub.journal.statistics().schemaVersion == 17)
        let before = try hub.journal.malformedRows()
        #expect(before.isEmpty, "\(before)")
        #expect(before.erased == 0, "the runs schema 14 holds were retention's")

        try hub.post("visit.logged", payload: ["user": "cy"])
        #expect(try hub.journal.erase(ErasureKey(field: "user", value: "ann")).erasedByName == ["visit.logged": 2])
        let after = try hub.journal.malformedRows()
        #expect(after.isEmpty, "\(after)")
        #expect(after.erased == 2)
        #expect(try hub.journal.statistics().notices == 1)
    }
}
