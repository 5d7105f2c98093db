import Foundation
import Testing
import NoticeSQLite

@Suite("Errors and result codes")
struct ErrorTests {
    @Test func aUniqueViolationMatchesBothCodesAndNeverShowsBoundValues() throws {
        try withConnection(.file) { db in
            try db.execute("CREATE TABLE notices(id TEXT PRIMARY KEY NOT NULL, secret TEXT, UNIQUE(secret))")
            let sql = """
                INSERT INTO notices(id, secret)
                VALUES (?, ?)
                """
            try db.prepare(sql).run("n1", "s3cr3t")
            let error = expectSQLiteError {
                try db.prepare(sql).run("n2", "s3cr3t")
            }
            let failure = try #require(error)
            #expect(failure.code == .constraintUnique)
            #expect(failure.code.primary == .constraint)
            #expect(failure.code.isExtended)
            #expect(SQLiteResultCode.constraint ~= failure.code)
            #expect(SQLiteResultCode.constraintUnique ~= failure.code)
            #expect(!(SQLiteResultCode.constraintPrimaryKey ~= failure.code))
            #expect(!(SQLiteResultCode.busy ~= failure.code))

            let description = failure.description
            #expect(!description.contains("\n"))
            #expect(description.contains("INSERT INTO notices(id, secret) VALUES (?, ?)"))
            #expect(
                description.hasPrefix(
                    "SQLite error SQLITE_CONSTRAINT_UNIQUE (2067): UNIQUE constraint failed: notices.secret"))
            #expect(!description.contains("s3cr3t"))
            #expect(!String(reflecting: failure).contains("s3cr3t"))
            #expect(!failure.message.contains("s3cr3t"))
        }
    }

    @Test func switchAndCatchPatternsMatchFamiliesAndExactCodes() throws {
        func classify(_ code: SQLiteResultCode) -> String {
            switch code {
            case .constraintUnique: "unique"
            case .constraint: "other constraint"
            case .busy: "busy"
            default: "other"
            }
        }
        #expect(classify(.constraintUnique) == "unique")
        #expect(classify(.constraintPrimaryKey) == "other constraint")
        #expect(classify(.constraint) == "other constraint")
        #expect(classify(.busySnapshot) == "busy")
        #expect(classify(.ioerrShortRead) == "other")

        let db = try SQLiteConnection(path: ":memory:")
        try db.execute("CREATE TABLE t(x NOT NULL)")
        var caught = ""
        do {
            try db.execute("INSERT INTO t VALUES (NULL)")
        } catch SQLiteResultCode.constraintUnique {
            caught = "unique"
        } catch SQLiteResultCode.constraint {
            caught = "constraint"
        }
        #expect(caught == "constraint")
    }

    @Test func descriptionsStayOnOneLineAndTruncateLongSQL() throws {
        let db = try SQLiteConnection(path: ":memory:")
        let longSQL = "SELECT\n    " + (1...100).map { "column_\($0)" }.joined(separator: ",\n    ") + "\nFROM nowhere"
        let error = expectSQLiteError { _ = try db.prepare(longSQL) }
        let failure = try #require(error)
        #expect(failure.code == .error)
        #expect(failure.sql == longSQL)
        let description = failure.description
        #expect(!description.contains("\n"))
        #expect(
            description.hasPrefix(
                "SQLite error SQLITE_ERROR (1): no such table: nowhere, in \"SELECT column_1, column_2,"))
        #expect(description.hasSuffix("…\""))
        #expect(description.count < 300)

        let bare = SQLiteError(code: .busy, message: "database is locked")
        #expect(bare.description == "SQLite error SQLITE_BUSY (5): database is locked")
    }

    @Test func resultCodesHaveNamesAndExplanations() {
        #expect(SQLiteResultCode.constraintUnique.name == "SQLITE_CONSTRAINT_UNIQUE")
        #expect(SQLiteResultCode.busy.name == "SQLITE_BUSY")
        #expect(SQLiteResultCode.constraintUnique.explanation == "constraint failed")
        #expect(SQLiteResultCode.busy.explanation == "database is locked")
        // An extended code this table does not know still gets a useful name.
        let future = SQLiteResultCode(10 | 60 << 8)
        #expect(future.name == "SQLITE_IOERR (extended 60)")
        #expect(future.primary == .ioerr)
        #expect(SQLiteResultCode(77).name == "SQLITE_UNKNOWN_77")
    }

    @Test func writingThroughAReadOnlyConnectionFailsAsReadOnly() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("ro.sqlite").path
            try SQLiteConnection(path: path).execute("CREATE TABLE t(x)")
            let reader = try SQLiteConnection(path: path, mode: .readOnly)
            let error = expectSQLiteError { try reader.execute("INSERT INTO t VALUES (1)") }
            #expect(error.map { SQLiteResultCode.readonly ~= $0.code } == true)
        }
    }
}
