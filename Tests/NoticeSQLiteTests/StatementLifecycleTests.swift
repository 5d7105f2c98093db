import Foundation
import Testing
import NoticeSQLite

@Suite("Statement cache and lifecycle")
struct StatementLifecycleTests {
    @Test func aCachedStatementComesBackResetWithItsBindingsCleared() throws {
        try withConnection(.memory) { db in
            try db.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1), (2), (3);")
            let sql = "SELECT x, ? FROM t ORDER BY x"
            let first = try db.cachedStatement(sql)
            try first.bind("bound", at: 1)
            #expect(try first.step())
            #expect(try first.step())
            #expect(first.int64(at: 0) == 2)

            let second = try db.cachedStatement(sql)
            #expect(first === second)
            // Reset: iteration starts over. Cleared: the parameter is NULL.
            #expect(try second.step())
            #expect(second.int64(at: 0) == 1)
            #expect(second.isNull(at: 1))
            second.reset()

            // Uncached statements are distinct objects.
            #expect(try db.prepare(sql) !== db.prepare(sql))
            // Different SQL text, different cached statement.
            #expect(try db.cachedStatement("SELECT 1") !== db.cachedStatement("SELECT 2"))
        }
    }

    @Test func prepareTakesExactlyOneStatementAndExecuteRunsScripts() throws {
        try withConnection(.memory) { db in
            let error = expectSQLiteError {
                _ = try db.prepare("CREATE TABLE a(x); CREATE TABLE b(x)")
            }
            #expect(error?.code == .misuse)
            expectSQLiteError { _ = try db.prepare("  -- only a comment") }
            // Trailing semicolons, whitespace and comments are fine.
            _ = try db.prepare("SELECT 1;  \n -- done\n")
            try db.execute(
                """
                CREATE TABLE a(x); -- first
                INSERT INTO a VALUES (1);
                /* last */ INSERT INTO a VALUES (2);
                """)
            #expect(try db.int64("SELECT sum(x) FROM a") == 3)
        }
    }

    @Test func closingFinalizesEveryStatementSoNoZombieKeepsLocks() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("close.sqlite").path
            do {
                let setup = try SQLiteConnection(path: path)
                try setup.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1), (2), (3);")
            }
            #expect(openDescriptorCount(for: path).map { $0 == 0 } ?? true)

            var owner: SQLiteConnection? = try SQLiteConnection(path: path, mode: .readWrite)
            // Both statements are left mid-iteration, which keeps a SHARED
            // lock on the (rollback-journal) database file.
            let orphan = try owner!.prepare("SELECT x FROM t ORDER BY x")
            #expect(try orphan.step())
            let cached = try owner!.cachedStatement("SELECT x FROM t ORDER BY x DESC")
            #expect(try cached.step())

            // Control: while the owner lives, nobody can take an exclusive lock.
            let other = try SQLiteConnection(path: path, mode: .readWrite)
            other.setBusyTimeout(milliseconds: 0)
            let busy = expectSQLiteError { try other.execute("BEGIN EXCLUSIVE") }
            #expect(busy.map { SQLiteResultCode.busy ~= $0.code } == true)

            owner = nil

            // With a zombie connection the SHARED lock would remain.
            try other.execute("BEGIN EXCLUSIVE; COMMIT;")
            let walAnswer = try other.string("PRAGMA journal_mode=WAL")
            #expect(walAnswer == "wal")
            // Only `other`'s own descriptors remain (database file, and on
            // Linux nothing from the closed owner).
            if let count = openDescriptorCount(for: path) {
                #expect(count == 1)
            }

            #expect(!orphan.isValid)
            #expect(!cached.isValid)
            let error = expectSQLiteError { _ = try orphan.step() }
            #expect(error?.code == .misuse)
            #expect(error?.sql == "SELECT x FROM t ORDER BY x")
            #expect(orphan.isNull(at: 0))
            expectSQLiteError { try cached.run() }
        }
    }

    @Test func statementsReleasedByTheCallerAreForgottenByTheConnection() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("many.sqlite").path
            let db = try SQLiteConnection(path: path)
            try db.execute("CREATE TABLE t(x)")
            for value in 0..<1_000 {
                try db.prepare("INSERT INTO t VALUES (?)").run(value)
            }
            #expect(try db.int64("SELECT count(*) FROM t") == 1_000)
        }
    }
}
