import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
import NoticeSQLite
import Testing
import TestSupport

/// Schema 12 stores each name and sender once, in `notice_names` and
/// `notice_senders`, rows by their codes, and leaves out a time the id
/// carries. A journal of schema 11 is converted when it is opened; what the
/// library reads back, and what `named_notices` shows, is what was stored.
struct NameCodesMigrationTests {
    /// Version 7, made at 1,000 ms.
    static let timed = NoticeID("00000000-03e8-7e5f-8a6b-7c8d9e0f1a2b")!
    /// Version 7 too, made at 1,000 ms, posted a millisecond later.
    static let late = NoticeID("00000000-03e8-7e5f-8a6b-7c8d9e0f1a2c")!
    /// Version 4: its first bits are no time.
    static let random = NoticeID("3f1c1d7e-8f1a-4b6e-9a55-0d1f6c2b7a11")!

    /// A journal as schema 11 left it, rows holding names and senders as text.
    static func schema11Journal(at path: String) throws {
        let bytes = OlderSchemaJournal.bytes
        try OlderSchemaJournal.create(
            at: path, schema: 11,
            holding: """
                INSERT INTO notices (seq, id, name, sender, payload, posted_at)
                VALUES (1, \(bytes(timed)), 'order.placed', 'shop', '{"order":1}', 1000),
                       (2, \(bytes(late)), 'order.placed', NULL, '{}', 1001),
                       (3, \(bytes(random)), 'stock.checked', 'depot', '3', 3000);
                INSERT INTO journal_counts (name, notices, payload_bytes)
                VALUES ('order.placed', 2, 13), ('stock.checked', 1, 1);
                """)
    }

    @Test func aSchema11JournalKeepsEveryNameSenderAndTime() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("j.sqlite")
        try Self.schema11Journal(at: path)

        let hub = try NoticeHub(journal: SQLiteJournal(path: path))
        #expect(try hub.journal.statistics().schemaVersion == Migration.latestVersion)
        var read: [Notice] = []
        try hub.journal.read(JournalQuery()) {
            read.append($0); return true
        }
        #expect(read.map(\.id) == [Self.timed, Self.late, Self.random])
        #expect(read.map(\.name.rawValue) == ["order.placed", "order.placed", "stock.checked"])
        #expect(read.map(\.sender?.rawValue) == ["shop", nil, "depot"])
        #expect(read.map(\.postedAtMilliseconds) == [1000, 1001, 3000])
        #expect(try hub.journal.malformedRows().count == 0)

        let connection = try SQLiteConnection(path: path)
        #expect(
            try Self.rows("SELECT name_code, sender_code, posted_at FROM notices ORDER BY seq", on: connection)
                == ["1 2 NULL", "1 NULL 1001", "2 1 3000"])
        #expect(
            try Self.rows("SELECT code, name FROM notice_names", on: connection) == [
                "1 order.placed", "2 stock.checked",
            ])
        #expect(
            try Self.rows("SELECT seq, name, sender, posted_at FROM named_notices ORDER BY seq", on: connection)
                == ["1 order.placed shop 1000", "2 order.placed NULL 1001", "3 stock.checked depot 3000"])

        var byName: [Int64?] = []
        try hub.journal.read(JournalQuery(names: ["stock.checked"])) {
            byName.append($0.sequence); return true
        }
        #expect(byName == [3])
        var bySender: [Int64?] = []
        try hub.journal.read(JournalQuery(sender: "shop")) {
            bySender.append($0.sequence); return true
        }
        #expect(bySender == [1])
        #expect(try hub.journal.statistics().firstPostedAt == 1000)
    }

    /// A new name's code made inside a notice's savepoint goes when a
    /// projection refuses the notice; the next new name may get the same
    /// code in the same transaction, and the refused name a code of its own.
    @Test func aNameWhoseFirstNoticeWasRefusedGetsACodeOfItsOwn() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("j.sqlite")
        let hub = try NoticeHub(
            journal: SQLiteJournal(path: path), durability: .batched(maxDelay: .seconds(60)),
            projections: [RefuseNo()])
        #expect(throws: JournalError.refused(name: "gate.opened", reason: "no is refused")) {
            try hub.post("gate.opened", payload: "no")
        }
        try hub.post("gate.closed", payload: "yes")
        try hub.post("gate.opened", payload: "yes")
        try hub.post("gate.closed", payload: "again")
        try hub.journal.flush()
        try hub.post("gate.opened", payload: "after")
        try hub.close()

        let reopened = try NoticeHub(journal: SQLiteJournal(path: path))
        var read: [String] = []
        try reopened.journal.read(JournalQuery()) {
            read.append("\($0.name) \(try $0.decode(String.self))"); return true
        }
        #expect(read == ["gate.closed yes", "gate.opened yes", "gate.closed again", "gate.opened after"])
        #expect(try reopened.journal.malformedRows().count == 0)
    }

    /// Refuses every notice whose payload is "no".
    struct RefuseNo: Projection {
        let schema = ProjectionSchema(identity: "refuse-no", tables: [], migrations: [])
        var names: Set<NoticeName> { ["gate.*"] }
        func apply(_ notice: Notice, to store: any ProjectionStore) throws {
            if try notice.decode(String.self) == "no" { throw ProjectionRejection("no is refused") }
        }
    }

    static func rows(_ sql: String, on connection: SQLiteConnection) throws -> [String] {
        let statement = try connection.prepare(sql)
        var rows: [String] = []
        while try statement.step() {
            rows.append(
                (0..<statement.columnCount).map { statement.isNull(at: $0) ? "NULL" : statement.string(at: $0) ?? "" }
                    .joined(separator: " "))
        }
        return rows
    }
}
