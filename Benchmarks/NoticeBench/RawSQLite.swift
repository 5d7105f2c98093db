import CSQLite
import Foundation
import NoticeHub

/// The anchor for the journal workloads: SQLite through its C API as a
/// careful person would write it by hand, on the same schema and rows.
final class RawSQLite {
    private var db: OpaquePointer?

    /// Opens `path`, creating NoticeHub's schema there first so both sides
    /// write the same table with the same indexes.
    init(path: String, synchronous: String) throws {
        _ = try SQLiteJournal(path: path)
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
            throw BenchFailure("raw sqlite: cannot open \(path)")
        }
        sqlite3_busy_timeout(db, 60_000)
        try exec("PRAGMA journal_mode=WAL")
        try exec("PRAGMA synchronous=\(synchronous)")
    }

    deinit {
        sqlite3_close_v2(db)
    }

    func exec(_ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw BenchFailure("raw sqlite: \(String(cString: sqlite3_errmsg(db))) in \(sql)")
        }
    }

    /// Inserts `count` rows with one prepared statement; `inTransaction`
    /// wraps them in one transaction, otherwise each commits on its own.
    func insert(count: Int, payload: (Int) -> String, inTransaction: Bool) throws {
        var statement: OpaquePointer?
        let sql = "INSERT INTO notices (id, name, sender, payload, posted_at) VALUES (?, ?, ?, ?, ?)"
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else { throw BenchFailure("raw prepare") }
        defer { sqlite3_finalize(statement) }
        if inTransaction { try exec("BEGIN IMMEDIATE") }
        for i in 0..<count {
            var id = NoticeID.next().uuid.uuid
            let json = payload(i)
            withUnsafeBytes(of: &id) { _ = sqlite3_bind_blob(statement, 1, $0.baseAddress, 16, csqlite_transient()) }
            sqlite3_bind_text(statement, 2, "bench.append", -1, csqlite_transient())
            sqlite3_bind_text(statement, 3, "bench", -1, csqlite_transient())
            sqlite3_bind_text(statement, 4, json, -1, csqlite_transient())
            sqlite3_bind_int64(statement, 5, Int64(i))
            guard sqlite3_step(statement) == SQLITE_DONE else {
                throw BenchFailure("raw insert: \(String(cString: sqlite3_errmsg(db)))")
            }
            sqlite3_reset(statement)
        }
        if inTransaction { try exec("COMMIT") }
    }

    /// Scans every row, copying its text columns into Strings and its id's
    /// 16 bytes into two words; `body` sees the payload text. Returns how
    /// many rows were read.
    func scan(_ body: (String) throws -> Void) throws -> Int {
        var statement: OpaquePointer?
        let sql = "SELECT seq, id, name, sender, payload, posted_at FROM notices ORDER BY seq"
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else { throw BenchFailure("raw prepare") }
        defer { sqlite3_finalize(statement) }
        var rows = 0
        var checksum = 0
        while sqlite3_step(statement) == SQLITE_ROW {
            let idBytes = UnsafeRawBufferPointer(
                start: sqlite3_column_blob(statement, 1), count: Int(sqlite3_column_bytes(statement, 1)))
            let id = (
                UInt64(bigEndian: idBytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
                UInt64(bigEndian: idBytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            )
            let name = String(cString: sqlite3_column_text(statement, 2))
            let sender = String(cString: sqlite3_column_text(statement, 3))
            let payload = String(cString: sqlite3_column_text(statement, 4))
            checksum &+=
                Int(truncatingIfNeeded: id.0 ^ id.1) &+ name.utf8.count &+ sender.utf8.count
                &+ Int(sqlite3_column_int64(statement, 5))
            try body(payload)
            rows += 1
        }
        try check(checksum != 0 || rows == 0, "raw scan checksum")
        return rows
    }

    /// The journal's last sequence number, one prepared statement each call.
    func lastSequence() throws -> Int64 {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT coalesce(max(seq), 0) FROM notices", -1, &statement, nil) == SQLITE_OK
        else { throw BenchFailure("raw prepare") }
        defer { sqlite3_finalize(statement) }
        _ = sqlite3_step(statement)
        return sqlite3_column_int64(statement, 0)
    }

    /// How many notices follow `sequence`.
    func countAfter(_ sequence: Int64) throws -> Int64 {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT count(*) FROM notices WHERE seq > ?", -1, &statement, nil) == SQLITE_OK
        else { throw BenchFailure("raw prepare") }
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int64(statement, 1, sequence)
        _ = sqlite3_step(statement)
        return sqlite3_column_int64(statement, 0)
    }

    func count() throws -> Int {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT count(*) FROM notices", -1, &statement, nil) == SQLITE_OK else {
            throw BenchFailure("raw prepare")
        }
        defer { sqlite3_finalize(statement) }
        _ = sqlite3_step(statement)
        return Int(sqlite3_column_int64(statement, 0))
    }
}
