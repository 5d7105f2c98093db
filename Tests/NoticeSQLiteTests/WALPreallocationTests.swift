import Foundation
import Testing
import NoticeSQLite

@Suite("Preallocating the write-ahead log")
struct WALPreallocationTests {
    /// 32-byte header, then 24 bytes before each 4096-byte page.
    static func walBytes(frames: Int) -> Int { 32 + frames * (24 + 4096) }

    static func size(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? -1
    }

    /// A WAL database whose committed rows live only in its `-wal` file.
    static func databaseWithRowsInItsLog(_ path: String, rows: Int) throws -> SQLiteConnection {
        let db = try SQLiteConnection(path: path)
        try db.enableWAL()
        try db.execute("PRAGMA wal_autocheckpoint = 0; CREATE TABLE t(x TEXT)")
        for i in 0..<rows { try db.execute("INSERT INTO t VALUES ('row \(i)')") }
        return db
    }

    @Test func growingTheLogWritesZerosPastItsEndAndKeepsEveryFrame() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("grow.sqlite").path
            let writer = try Self.databaseWithRowsInItsLog(path, rows: 20)
            let before = try Self.size(path + "-wal")
            #expect(before > 0 && before < Self.walBytes(frames: 200))

            let other = try SQLiteConnection(path: path)
            let written = try other.transaction { try other.preallocateWAL(frames: 200) }
            #expect(written == Self.walBytes(frames: 200) - before)
            #expect(try Self.size(path + "-wal") == Self.walBytes(frames: 200))
            let again = try other.transaction { try other.preallocateWAL(frames: 200) }
            #expect(again == 0, "a second call finds the log long enough")
            let shorter = try other.transaction { try other.preallocateWAL(frames: 100) }
            #expect(shorter == 0, "it never shrinks the log")

            // Both connections go on reading and writing.
            try writer.execute("INSERT INTO t VALUES ('after')")
            #expect(try other.int64("SELECT count(*) FROM t") == 21)

            // What a crash would leave: the files as they are now, without
            // the -shm index, so the copy is recovered from the log alone.
            let copy = directory.appendingPathComponent("copy.sqlite").path
            for suffix in ["", "-wal"] {
                try FileManager.default.copyItem(atPath: path + suffix, toPath: copy + suffix)
            }
            let recovered = try SQLiteConnection(path: copy)
            #expect(try recovered.int64("SELECT count(*) FROM t") == 21)
            #expect(try recovered.string("PRAGMA integrity_check") == "ok")
        }
    }

    @Test func aLogThatSQLiteRewindsAfterACheckpointKeepsItsLength() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("rewind.sqlite").path
            let db = try Self.databaseWithRowsInItsLog(path, rows: 5)
            _ = try db.transaction { try db.preallocateWAL(frames: 20) }
            #expect(try Self.walFrames(db) == 7, "the table's creation and five rows")
            _ = try Self.walFrames(db) // a complete checkpoint: the next write rewinds the log
            for i in 0..<15 { try db.execute("INSERT INTO t VALUES ('more \(i)')") }
            #expect(try Self.walFrames(db) == 15, "the log started over at its first frame")
            #expect(try Self.size(path + "-wal") == Self.walBytes(frames: 20))
            #expect(try db.int64("SELECT count(*) FROM t") == 20)
        }
    }

    /// Checkpoints (PASSIVE) and returns how many frames the log holds.
    static func walFrames(_ db: SQLiteConnection) throws -> Int64 {
        let statement = try db.prepare("PRAGMA wal_checkpoint(PASSIVE)")
        #expect(try statement.step())
        return statement.int64(at: 1)
    }

    @Test func growingTheLogDoesNothingOutsideWALMode() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("delete-mode.sqlite").path
            let db = try SQLiteConnection(path: path)
            try db.execute("CREATE TABLE t(x)")
            #expect(try db.transaction { try db.preallocateWAL(frames: 100) } == 0)
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
            #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
        }
    }

    @Test func growingTheLogIsRefusedWithoutTheWriteLock() throws {
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("unlocked.sqlite").path
            let db = try Self.databaseWithRowsInItsLog(path, rows: 1)
            expectSQLiteError { try db.preallocateWAL(frames: 100) }
            try db.execute("BEGIN DEFERRED; SELECT count(*) FROM t")
            let error = expectSQLiteError { try db.preallocateWAL(frames: 100) }
            #expect(error?.code == .misuse)
            try db.execute("ROLLBACK")
            #expect(try Self.size(path + "-wal") < Self.walBytes(frames: 100))
        }
    }
}
