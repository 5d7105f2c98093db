import Foundation
import Testing
import NoticeSQLite

@Suite("Pragmas, WAL and data_version")
struct PragmaTests {
    @Test func enablingWALOnAFileAnswersWAL() throws {
        try withConnection(.file) { db in
            try db.enableWAL()
            #expect(try db.string("PRAGMA journal_mode") == "wal")
        }
    }

    @Test func enablingWALInMemoryThrowsBecauseSQLiteAnswersMemory() throws {
        let db = try SQLiteConnection(path: ":memory:")
        let error = expectSQLiteError { try db.enableWAL() }
        #expect(error?.code == .error)
        #expect(error?.message.contains("\"memory\"") == true)
        #expect(error?.sql == "PRAGMA journal_mode=WAL")
    }

    @Test func pragmasReadAndSetSynchronousMode() throws {
        try withConnection(.file) { db in
            try db.execute("PRAGMA user_version = 42")
            #expect(try db.pragmaInt("user_version") == 42)
            #expect(try db.pragmaInt("main.user_version") == 42)
            try db.setSynchronous(.normal)
            #expect(try db.pragmaInt("synchronous") == 1)
            try db.setSynchronous(.extra)
            #expect(try db.pragmaInt("synchronous") == 3)
            for invalid in ["user_version; DROP TABLE x", "", "a.b.c", "1abc", "user version"] {
                let error = expectSQLiteError { _ = try db.pragmaInt(invalid) }
                #expect(error?.code == .misuse)
            }
            // Unknown pragmas return no row rather than failing.
            expectSQLiteError { _ = try db.pragmaInt("no_such_pragma") }
        }
    }

    @Test func theDataVersionMovesForOtherConnectionsCommitsOnly() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("dv.sqlite").path
            let watcher = try SQLiteConnection(path: path)
            try watcher.enableWAL()
            try watcher.execute("CREATE TABLE t(x)")
            let writer = try SQLiteConnection(path: path)

            let start = try watcher.dataVersion()
            #expect(try watcher.dataVersion() == start)
            try watcher.execute("INSERT INTO t VALUES (0)")
            #expect(try watcher.dataVersion() == start)
            try writer.execute("INSERT INTO t VALUES (1)")
            let afterOther = try watcher.dataVersion()
            #expect(afterOther != start)
            #expect(try watcher.dataVersion() == afterOther)
            // The cached statement did not pin an old snapshot.
            #expect(try watcher.int64("SELECT count(*) FROM t") == 2)
        }
    }
}
