import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
import NoticeSQLite
import Testing
import TestSupport

/// What an append asks of SQLite, read from the plans (`EXPLAIN`) of the
/// statements the writer runs for each notice: nothing whose cost does not
/// belong to the notice itself.
struct AppendPlanTests {
    static let release01 = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("JournalConformanceTests/Fixtures/release-0.1.sqlite")

    /// A CHECK written with `IN (…)` made every insert build a temporary
    /// lookup table first, about 2 µs of a 7 µs append; the journal's check on
    /// `kind` is written with `=` since schema 5, on new journals and on
    /// migrated ones alike, and still refuses a kind the library never writes
    /// (a field of the row's `extra` object since schema 13).
    @Test(arguments: ["new", "release 0.1"])
    func appendsBuildNoTemporaryTable(journal: String) throws {
        let directory = TemporaryDirectory()
        let path = directory.path("journal.sqlite")
        if journal == "release 0.1" { try FileManager.default.copyItem(atPath: Self.release01.path, toPath: path) }
        _ = try SQLiteJournal(path: path)
        let connection = try SQLiteConnection(path: path)
        for sql in [SQLiteJournalConnection.insertSQL, SQLiteJournalConnection.insertLinkedSQL] {
            let opcodes = try Self.opcodes(of: sql, on: connection)
            #expect(opcodes.contains("Insert"), "the plan of \(sql) inserts")
            #expect(!opcodes.contains("OpenEphemeral"), "the plan of \(sql) builds a temporary table")
        }
        #expect(throws: SQLiteError.self) {
            try connection.execute(
                #"INSERT INTO notices (id, name_code, payload, extra) VALUES ('x', 1, '{}', '{"kind":"gossip"}')"#)
        }
        try connection.execute(
            #"INSERT INTO notices (id, name_code, payload, extra) VALUES ('y', 1, '{}', '{"kind":"reply"}')"#)
    }

    static func opcodes(of sql: String, on connection: SQLiteConnection) throws -> [String] {
        let statement = try connection.prepare("EXPLAIN " + sql)
        var opcodes: [String] = []
        while try statement.step() { opcodes.append(statement.string(at: 1) ?? "") }
        return opcodes
    }
}
