import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
import NoticeSQLite
import Testing
import TestSupport

/// Schema 10 stores ids, conversations and causes as 16 bytes. A journal of
/// schema 9, whose rows hold them as text, is converted when it is opened:
/// every notice keeps its id and links, lookups by id still find it, and a
/// value the library could not have written is kept for verify to report.
struct IDBytesMigrationTests {
    static let request = NoticeID("0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2b")!
    static let reply = NoticeID("0190a1b2-c3d4-7e5f-8a6b-7c8d9e0f1a2c")!
    static let plain = NoticeID("0190A1B2-C3D4-7E5F-8A6B-7C8D9E0F1A2D")!

    /// A journal as schema 9 left it: every migration up to 0009 applied, as
    /// the migrator applies them (raising the schema cookie after each), and
    /// rows written with ids as text, as that schema's appends wrote them.
    static func schema9Journal(at path: String, autoVacuum: Bool = false, extraRows: String = "") throws {
        let connection = try SQLiteConnection(path: path, mode: .readWriteCreate)
        if autoVacuum { try connection.execute("PRAGMA auto_vacuum = INCREMENTAL") }
        try connection.enableWAL()
        try connection.allowingSchemaEdits {
            for migration in Migration.embedded where migration.version <= 9 {
                try connection.execute(migration.sql)
                try connection.execute("PRAGMA schema_version = \(try connection.pragmaInt("schema_version") + 1)")
            }
        }
        try connection.execute("PRAGMA user_version = 9; PRAGMA application_id = \(Migration.applicationID)")
        try connection.execute(
            """
            INSERT INTO notices (seq, id, name, sender, payload, posted_at, kind, conversation, cause)
            VALUES (1, '\(plain.description.uppercased())', 'order.placed', 'shop', '{"order":1}', 1000, NULL, NULL, NULL),
                   (2, '\(request)', 'stock.check', 'shop', '{}', 2000, 'request', '\(request)', NULL),
                   (3, '\(reply)', 'stock.check', 'depot', '3', 3000, 'reply', '\(request)', '\(request)');
            INSERT INTO journal_counts (name, notices, payload_bytes)
            VALUES ('order.placed', 1, 11), ('stock.check', 2, 3);
            \(extraRows)
            """)
    }

    @Test func aSchema9JournalKeepsEveryIdAndLinkAsSixteenBytes() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("j.sqlite")
        try Self.schema9Journal(at: path)

        let hub = try NoticeHub(journal: SQLiteJournal(path: path))
        #expect(try hub.journal.statistics().schemaVersion == Migration.latestVersion)
        let connection = try SQLiteConnection(path: path)
        let stored = try connection.prepare(
            "SELECT typeof(id), length(id), typeof(conversation), typeof(cause) FROM notices ORDER BY seq")
        var types: [String] = []
        while try stored.step() {
            types.append((0..<4).map { stored.string(at: $0) ?? "" }.joined(separator: " "))
        }
        // Schema 13 keeps the cause among the row's extra fields, as the UUID's text.
        #expect(types == ["blob 16 null null", "blob 16 blob null", "blob 16 blob text"])

        var read: [Notice] = []
        try hub.journal.read(JournalQuery()) {
            read.append($0); return true
        }
        #expect(read.map(\.id) == [Self.plain, Self.request, Self.reply])
        #expect(read.map(\.sequence) == [1, 2, 3])
        #expect(read[2].conversation == Self.request && read[2].cause == Self.request)
        var conversation: [Int64?] = []
        try hub.journal.read(JournalQuery(conversation: Self.request)) {
            conversation.append($0.sequence); return true
        }
        #expect(conversation == [2, 3])
        let malformed = try hub.journal.malformedRows()
        #expect(malformed.count == 0 && malformed.gapCount == 0 && malformed.miscounted.isEmpty)
        #expect(malformed.checkedThrough == 3)

        // The converted id is the one appends are idempotent by.
        let again = try hub.post(read[0])
        #expect(again.sequence == 1)
        #expect(try hub.journal.lastSequence() == 3)
        let fresh = try hub.post("order.placed", payload: ["order": 2])
        #expect(fresh.sequence == 4)
    }

    /// The old table's pages do not stay in the file of a journal with
    /// incremental auto-vacuum; one without keeps them for later notices.
    @Test(arguments: [true, false])
    func theRebuildGivesTheOldTablesPagesBackWithAutoVacuum(autoVacuum: Bool) throws {
        let directory = TemporaryDirectory()
        let path = directory.path("j.sqlite")
        // 3,000 more notices of 400-byte payloads, ids as schema 9 wrote them.
        try Self.schema9Journal(
            at: path, autoVacuum: autoVacuum,
            extraRows: """
                WITH RECURSIVE n(i) AS (SELECT 4 UNION ALL SELECT i + 1 FROM n WHERE i < 3003)
                INSERT INTO notices (seq, id, name, payload, posted_at)
                SELECT i, printf('0190a1b2-c3d4-7e5f-8a6b-%012d', i), 'order.placed',
                       '"' || printf('%.398c', 'x') || '"', i FROM n;
                UPDATE journal_counts SET notices = 3001, payload_bytes = 11 + 3000 * 400
                 WHERE name = 'order.placed';
                PRAGMA wal_checkpoint(TRUNCATE);
                """)
        let before = try Self.fileSize(path)

        let hub = try NoticeHub(journal: SQLiteJournal(path: path))
        #expect(try hub.journal.statistics().notices == 3003)
        #expect(try hub.journal.malformedRows().count == 0)
        let connection = try SQLiteConnection(path: path)
        #expect(try connection.pragmaInt("auto_vacuum") == (autoVacuum ? 2 : 0))
        if autoVacuum {
            #expect(try connection.pragmaInt("freelist_count") == 0)
            // The rows lost 20 bytes of id each, and the file their old pages.
            #expect(try Self.fileSize(path) < before)
        } else {
            #expect(try connection.pragmaInt("freelist_count") > 0, "kept for later notices")
        }
    }

    static func fileSize(_ path: String) throws -> Int {
        try [path, path + "-wal"].reduce(0) { total, file in
            guard FileManager.default.fileExists(atPath: file) else { return total }
            return total + (try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int ?? 0)
        }
    }

    @Test func anIdThatWasNeverAUUIDIsKeptAsFoundAndReported() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("j.sqlite")
        try Self.schema9Journal(
            at: path,
            extraRows: """
                INSERT INTO notices (seq, id, name, payload, posted_at) VALUES (4, 'zzz', 'order.placed', '{}', 4000);
                UPDATE journal_counts SET notices = 2, payload_bytes = 13 WHERE name = 'order.placed';
                """)

        let hub = try NoticeHub(journal: SQLiteJournal(path: path))
        let malformed = try hub.journal.malformedRows()
        #expect(malformed.listed == [.malformedRow(sequence: 4, problem: #"id "zzz" is not a UUID"#)])
    }

    @Test func anIdStoredAsTextAfterTheMigrationIsToldApartFromOneThatIsNoUUID() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("j.sqlite")
        let hub = try NoticeHub(journal: SQLiteJournal(path: path))
        let notice = try hub.post("order.placed")
        try SQLiteConnection(path: path).execute("UPDATE notices SET id = '\(notice.id)' WHERE seq = 1")
        #expect(
            try hub.journal.malformedRows().listed == [
                .malformedRow(sequence: 1, problem: #"id "\#(notice.id)" is a UUID's text, not its 16 bytes"#)
            ])
        try SQLiteConnection(path: path).execute("UPDATE notices SET id = X'0102' WHERE seq = 1")
        #expect(
            try hub.journal.malformedRows().listed == [.malformedRow(sequence: 1, problem: "id X'0102' is not a UUID")])
    }
}
