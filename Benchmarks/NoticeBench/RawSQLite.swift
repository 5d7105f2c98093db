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
    /// The name and the sender are bound as their codes, found once, and the
    /// time is the one the id carries, as the journal stores them: an
    /// ordinary notice, whose conversation and extra fields stay NULL.
    func insert(count: Int, payload: (Int) -> String, inTransaction: Bool) throws {
        let name = try code("bench.append", in: "notice_names", column: "name")
        let sender = try code("bench", in: "notice_senders", column: "sender")
        var statement: OpaquePointer?
        let sql = "INSERT INTO notices (id, name_code, sender_code, payload) VALUES (?, ?, ?, ?)"
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else { throw BenchFailure("raw prepare") }
        defer { sqlite3_finalize(statement) }
        if inTransaction { try exec("BEGIN IMMEDIATE") }
        for i in 0..<count {
            var id = NoticeID.next().uuid.uuid
            let json = payload(i)
            withUnsafeBytes(of: &id) { _ = sqlite3_bind_blob(statement, 1, $0.baseAddress, 16, csqlite_transient()) }
            sqlite3_bind_int64(statement, 2, name)
            sqlite3_bind_int64(statement, 3, sender)
            sqlite3_bind_text(statement, 4, json, -1, csqlite_transient())
            guard sqlite3_step(statement) == SQLITE_DONE else {
                throw BenchFailure("raw insert: \(String(cString: sqlite3_errmsg(db)))")
            }
            sqlite3_reset(statement)
        }
        if inTransaction { try exec("COMMIT") }
    }

    /// `text`'s code in `table`, given it a code first if it has none.
    private func code(_ text: String, in table: String, column: String) throws -> Int64 {
        try exec("INSERT INTO \(table) (\(column)) VALUES ('\(text)') ON CONFLICT DO NOTHING")
        var statement: OpaquePointer?
        guard
            sqlite3_prepare_v2(db, "SELECT code FROM \(table) WHERE \(column) = '\(text)'", -1, &statement, nil)
                == SQLITE_OK
        else { throw BenchFailure("raw prepare") }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { throw BenchFailure("raw code of \(text)") }
        return sqlite3_column_int64(statement, 0)
    }

    /// The texts of `table`'s codes, read once: index `code` holds its text,
    /// index 0 (no code: a NULL sender) an empty one.
    private func texts(of table: String, column: String) throws -> [String] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT code, \(column) FROM \(table)", -1, &statement, nil) == SQLITE_OK
        else { throw BenchFailure("raw prepare") }
        defer { sqlite3_finalize(statement) }
        var texts = [""]
        while sqlite3_step(statement) == SQLITE_ROW {
            let code = Int(sqlite3_column_int64(statement, 0))
            if code >= texts.count { texts += Array(repeating: "", count: code - texts.count + 1) }
            texts[code] = String(cString: sqlite3_column_text(statement, 1))
        }
        return texts
    }

    /// Scans every row, copying its payload into a String, its id's 16
    /// bytes into two words, and its name and sender from the texts of
    /// their codes, read once; `body` sees the payload text. Returns how
    /// many rows were read.
    func scan(_ body: (String) throws -> Void) throws -> Int {
        let names = try texts(of: "notice_names", column: "name")
        let senders = try texts(of: "notice_senders", column: "sender")
        var statement: OpaquePointer?
        let sql = "SELECT seq, id, name_code, sender_code, payload, extra FROM notices ORDER BY seq"
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
            let name = names[Int(sqlite3_column_int64(statement, 2))]
            let sender = senders[Int(sqlite3_column_int64(statement, 3))]
            let payload = String(cString: sqlite3_column_text(statement, 4))
            // An ordinary notice's time is its id's; the bench posts no other.
            guard sqlite3_column_type(statement, 5) == SQLITE_NULL else { throw BenchFailure("raw scan: extra fields") }
            let postedAt = Int64(bitPattern: id.0 >> 16)
            checksum &+=
                Int(truncatingIfNeeded: id.0 ^ id.1) &+ name.utf8.count &+ sender.utf8.count &+ Int(postedAt)
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
