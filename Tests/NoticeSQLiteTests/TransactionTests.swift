import Foundation
import Testing
import NoticeSQLite

private enum BodyError: Error, Equatable {
    case expected
}

@Suite("Transactions and savepoints")
struct TransactionTests {
    private func makeTable(_ db: SQLiteConnection) throws {
        try db.execute("CREATE TABLE t(x INTEGER PRIMARY KEY)")
    }

    @Test(arguments: [
        SQLiteConnection.TransactionKind.deferred, .immediate, .exclusive,
    ])
    func aCommitIsVisibleToAnotherConnection(kind: SQLiteConnection.TransactionKind) throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("tx.sqlite").path
            let db = try SQLiteConnection(path: path)
            try makeTable(db)
            let answer = try db.transaction(kind) {
                try db.prepare("INSERT INTO t VALUES (?)").run(7)
                #expect(!db.isAutocommit)
                return "done"
            }
            #expect(answer == "done")
            #expect(db.isAutocommit)
            let reader = try SQLiteConnection(path: path, mode: .readOnly)
            #expect(try reader.int64("SELECT count(*) FROM t") == 1)
        }
    }

    @Test(arguments: Storage.allCases)
    func aThrowingBodyRollsBackAndItsOwnErrorIsThrown(storage: Storage) throws {
        try withConnection(storage) { db in
            try makeTable(db)
            expectError(BodyError.expected) {
                try db.transaction {
                    try db.execute("INSERT INTO t VALUES (1)")
                    throw BodyError.expected
                }
            }
            #expect(db.isAutocommit)
            #expect(try db.int64("SELECT count(*) FROM t") == 0)
        }
    }

    @Test func theBodysErrorWinsEvenWhenSQLiteRolledBackByItself() throws {
        try withConnection(.memory) { db in
            try db.execute(
                """
                CREATE TABLE t(x);
                CREATE TRIGGER boom BEFORE INSERT ON t WHEN new.x < 0
                BEGIN SELECT RAISE(ROLLBACK, 'negative'); END;
                """)
            let error = expectSQLiteError {
                try db.transaction {
                    try db.execute("INSERT INTO t VALUES (1)")
                    try db.execute("INSERT INTO t VALUES (-1)")
                }
            }
            #expect(error?.message == "negative")
            #expect(error.map { SQLiteResultCode.constraint ~= $0.code } == true)
            #expect(db.isAutocommit)
            #expect(try db.int64("SELECT count(*) FROM t") == 0)
        }
    }

    @Test func aFailingCommitRollsBackAndThrowsTheCommitsError() throws {
        try withConnection(.file) { db in
            try db.execute(
                """
                PRAGMA foreign_keys=ON;
                CREATE TABLE parent(id INTEGER PRIMARY KEY);
                CREATE TABLE child(
                    id INTEGER PRIMARY KEY,
                    parent_id INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED
                );
                """)
            let error = expectSQLiteError {
                try db.transaction {
                    // Accepted for now: the check is deferred to COMMIT.
                    try db.execute("INSERT INTO child(id, parent_id) VALUES (1, 99)")
                }
            }
            #expect(error?.code == .constraintForeignKey)
            #expect(error?.sql == "COMMIT TRANSACTION")
            #expect(db.isAutocommit)
            #expect(try db.int64("SELECT count(*) FROM child") == 0)
            // The connection is usable again.
            try db.transaction { try db.execute("INSERT INTO parent VALUES (99)") }
        }
    }

    @Test func aSavepointRollsBackOnlyItsOwnPart() throws {
        try withConnection(.file) { db in
            try makeTable(db)
            try db.transaction {
                try db.execute("INSERT INTO t VALUES (1)")
                expectError(BodyError.expected) {
                    try db.savepoint {
                        try db.execute("INSERT INTO t VALUES (2)")
                        throw BodyError.expected
                    }
                }
                // A constraint failure inside a savepoint is just as local.
                let duplicate = expectSQLiteError {
                    try db.savepoint {
                        try db.execute("INSERT INTO t VALUES (3)")
                        try db.execute("INSERT INTO t VALUES (1)")
                    }
                }
                #expect(duplicate?.code == .constraintPrimaryKey)
                let kept = try db.savepoint {
                    try db.execute("INSERT INTO t VALUES (4)")
                    return 4
                }
                #expect(kept == 4)
                #expect(!db.isAutocommit)
            }
            var values: [Int64] = []
            try db.prepare("SELECT x FROM t ORDER BY x").forEachRow { values.append($0.int64(at: 0)) }
            #expect(values == [1, 4])
        }
    }

    @Test func anOutermostSavepointCommitsLikeATransaction() throws {
        try withConnection(.memory) { db in
            try makeTable(db)
            try db.savepoint { try db.execute("INSERT INTO t VALUES (1)") }
            #expect(db.isAutocommit)
            #expect(try db.int64("SELECT count(*) FROM t") == 1)
        }
    }

    @Test func aNestedTransactionIsRefusedWithAClearError() throws {
        try withConnection(.memory) { db in
            try makeTable(db)
            try db.transaction {
                try db.execute("INSERT INTO t VALUES (1)")
                let error = expectSQLiteError {
                    try db.transaction { try db.execute("INSERT INTO t VALUES (2)") }
                }
                #expect(error?.code == .misuse)
                #expect(error?.message.contains("nested") == true)
            }
            #expect(try db.int64("SELECT count(*) FROM t") == 1)

            // Also when the outer transaction was opened with raw SQL.
            try db.execute("BEGIN")
            expectSQLiteError { try db.transaction {} }
            try db.execute("ROLLBACK")
        }
    }
}
