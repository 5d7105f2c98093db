import Foundation
import Testing
import NoticeSQLite

@Suite("Binding and reading values")
struct RoundTripTests {
    @Test(arguments: Storage.allCases)
    func everyBindAndColumnTypeRoundTrips(storage: Storage) throws {
        try withConnection(storage) { db in
            try db.execute("CREATE TABLE v(id INTEGER PRIMARY KEY, value)")
            let insert = try db.prepare("INSERT INTO v(id, value) VALUES (?, ?)")
            let blobWithNULs: [UInt8] = [0, 1, 0, 255, 0]
            let unicode = "Grüße, 世界 🌍 – ñ"
            let textWithNUL = "a\u{0}b"
            let json = Array(#"{"k":1}"#.utf8)

            try insert.run(1, Int64.min)
            try insert.run(2, Int64.max)
            try insert.run(3, 42)
            try insert.run(4, Double.pi)
            try insert.run(5, -Double.infinity)
            try insert.run(6, unicode)
            try insert.run(7, textWithNUL)
            try insert.run(8, "")
            try insert.run(9, nil)
            try insert.run(10, blobWithNULs)
            try insert.run(11, [UInt8]())
            try insert.run(12, Optional<String>.none)
            // Typed binds, without the SQLiteBindable existential.
            try insert.bind(13, at: 1)
            try insert.bindText(bytes: json, at: 2)
            try insert.run()
            try insert.bind(14, at: 1)
            try blobWithNULs.withUnsafeBytes { try insert.bind($0, as: .text, at: 2) }
            try insert.run()
            try insert.bind(15, at: 1)
            try unicode.utf8.withContiguousStorageIfAvailable { buffer in
                try insert.bind(UnsafeRawBufferPointer(buffer), as: .blob, at: 2)
            }
            try insert.run()
            try insert.bind(16, at: 1)
            try insert.bind(Double.nan, at: 2)
            try insert.run()
            try insert.bind(17, at: 1)
            // An empty buffer without a base address must still bind '' (not NULL).
            try insert.bind(UnsafeRawBufferPointer(start: nil, count: 0), as: .text, at: 2)
            try insert.run()
            try insert.bind(18, at: 1)
            try insert.bind(nil, at: 2)
            try insert.run()

            let select = try db.prepare("SELECT value, typeof(value) FROM v WHERE id = ?")
            func read<T>(_ id: Int, _ body: (SQLiteStatement) -> T) throws -> (T, String?) {
                var result: (T, String?)?
                try select.forEachRow(id) { row in
                    result = (body(row), row.string(at: 1))
                }
                return try #require(result)
            }

            #expect(try read(1) { $0.int64(at: 0) } == (Int64.min, "integer"))
            #expect(try read(2) { $0.int64(at: 0) } == (Int64.max, "integer"))
            #expect(try read(3) { $0.int64(at: 0) } == (42, "integer"))
            #expect(try read(4) { $0.double(at: 0) } == (Double.pi, "real"))
            #expect(try read(5) { $0.double(at: 0) } == (-Double.infinity, "real"))
            #expect(try read(6) { $0.string(at: 0) } == (unicode, "text"))
            #expect(try read(7) { $0.string(at: 0) } == (textWithNUL, "text"))
            #expect(try read(7) { $0.string(at: 0)?.utf8.count } == (3, "text"))
            #expect(try read(8) { $0.string(at: 0) } == ("", "text"))
            #expect(try read(8) { $0.isNull(at: 0) } == (false, "text"))
            #expect(try read(9) { $0.string(at: 0) } == (nil, "null"))
            #expect(try read(9) { $0.isNull(at: 0) } == (true, "null"))
            #expect(try read(10) { $0.blob(at: 0) } == (blobWithNULs, "blob"))
            #expect(try read(11) { $0.blob(at: 0) } == ([], "blob"))
            #expect(try read(12) { $0.blob(at: 0) } == (nil, "null"))
            #expect(try read(13) { $0.string(at: 0) } == (#"{"k":1}"#, "text"))
            #expect(try read(14) { $0.withTextBytes(at: 0) { Array($0) } } == (blobWithNULs, "text"))
            #expect(try read(15) { $0.blob(at: 0) } == (Array(unicode.utf8), "blob"))
            // SQLite stores NaN as NULL.
            #expect(try read(16) { $0.isNull(at: 0) } == (true, "null"))
            #expect(try read(17) { $0.string(at: 0) } == ("", "text"))
            #expect(try read(18) { $0.string(at: 0) } == (nil, "null"))
            // NULL reads as 0 through the numeric accessors.
            #expect(try read(9) { $0.int64(at: 0) } == (0, "null"))
            #expect(try read(9) { $0.double(at: 0) } == (0, "null"))
        }
    }

    @Test func theZeroCopyTextViewSeesExactlyTheStoredBytes() throws {
        try withConnection(.memory) { db in
            let select = try db.prepare("SELECT ?, NULL")
            try select.forEachRow("héllo") { row in
                let bytes = row.withTextBytes(at: 0) { Array($0) }
                #expect(bytes == Array("héllo".utf8))
                #expect(row.withTextBytes(at: 1) { $0.count } == 0)
                #expect(row.withBlobBytes(at: 0) { $0.count } == 6)
            }
        }
    }

    @Test func columnMetadataLastInsertRowIDAndChangesAreReported() throws {
        try withConnection(.file) { db in
            try db.execute(
                """
                CREATE TABLE notices(id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                INSERT INTO notices(name) VALUES ('a'), ('b'), ('c');
                """)
            #expect(db.lastInsertRowID == 3)
            #expect(db.changes == 3)
            try db.execute("UPDATE notices SET name = 'z' WHERE id > 1")
            #expect(db.changes == 2)

            let select = try db.prepare("SELECT id, name AS label FROM notices ORDER BY id")
            #expect(select.columnCount == 2)
            #expect(select.columnName(at: 0) == "id")
            #expect(select.columnName(at: 1) == "label")
            var names: [String] = []
            try select.forEachRow { names.append($0.string(at: 1) ?? "?") }
            #expect(names == ["a", "z", "z"])
            // forEachRow reset the statement: it can run again from the start.
            var count = 0
            try select.forEachRow { _ in count += 1 }
            #expect(count == 3)
        }
    }

    @Test func runChecksTheNumberOfPositionalBindings() throws {
        try withConnection(.memory) { db in
            try db.execute("CREATE TABLE t(a, b)")
            let insert = try db.prepare("INSERT INTO t VALUES (?, ?)")
            let error = expectSQLiteError { try insert.run(1) }
            #expect(error?.code == .misuse)
            expectSQLiteError { try insert.bind(1, at: 3) }
            #expect(insert.parameterCount == 2)
        }
    }
}
