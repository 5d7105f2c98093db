internal import CSQLite
import Foundation

/// One SQLite database connection.
///
/// Contract:
/// - Not `Sendable`. The connection is opened with SQLITE_OPEN_NOMUTEX, i.e.
///   SQLite does no locking of its own for it: exactly one owner (an actor,
///   a serial queue, a thread) must serialize every use of the connection and
///   of its statements.
/// - Extended result codes are on; every failure throws `SQLiteError`.
/// - The database closes in `deinit` (`sqlite3_close_v2`) after every
///   statement this connection prepared has been finalized, so closing never
///   leaves a zombie connection holding locks. Statements kept past that
///   point are invalidated (they throw `.misuse`).
/// - An open transaction is rolled back by the close.
package final class SQLiteConnection {
    /// How the database file is opened.
    package enum OpenMode: Sendable {
        /// SQLITE_OPEN_READONLY: the file must exist.
        case readOnly
        /// SQLITE_OPEN_READWRITE: the file must exist.
        case readWrite
        /// SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE.
        case readWriteCreate
        /// Read-only with `immutable=1`: no locks, no -wal or -shm files
        /// created, for looking at a file that must be left exactly as it is
        /// (only sound when no other process is writing it, and no -wal file
        /// holds changes).
        case immutable

        fileprivate var flags: Int32 {
            switch self {
            case .readOnly: SQLITE_OPEN_READONLY
            case .readWrite: SQLITE_OPEN_READWRITE
            case .readWriteCreate: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            case .immutable: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            }
        }
    }

    /// The path given at open time (":memory:" for an in-memory database).
    package let path: String

    /// The sqlite3 handle; only this wrapper's own extensions use it.
    package let handle: OpaquePointer

    /// The busy handler's state, kept while SQLite may call it.
    private var busyWait: BusyWait?

    /// Statements prepared once per SQL text (SQLITE_PREPARE_PERSISTENT).
    private var statementCache: [String: SQLiteStatement] = [:]

    /// Every live statement, cached or not, so deinit can finalize those the
    /// caller still holds before closing. Weak: callers own uncached ones.
    private var liveStatements: [ObjectIdentifier: WeakStatement] = [:]

    private struct WeakStatement {
        weak var statement: SQLiteStatement?
    }

    /// Opens (or creates, per `mode`) the database at `path`.
    ///
    /// SQLite reads the file lazily: a file that is not a database is only
    /// detected by the first statement that reads it (`SQLITE_NOTADB`).
    ///
    /// - Throws: `SQLiteError` (e.g. `.cantOpen`); its message names the path.
    package init(path: String, mode: OpenMode = .readWriteCreate) throws {
        var db: OpaquePointer?
        // EXRESCODE makes open itself return extended codes (e.g. IOERR_READ
        // for a directory opened read-only) instead of bare primary ones.
        let flags = mode.flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let name = mode == .immutable ? Self.immutableURI(path) : path
        let rc = sqlite3_open_v2(name, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            // Even a failed open usually allocates a handle that carries the
            // message and must be closed.
            let base = SQLiteError(resultCode: rc, connection: db, sql: nil)
            sqlite3_close_v2(db)
            throw SQLiteError(code: base.code, message: Self.openFailureMessage(base.message, path: path))
        }
        sqlite3_extended_result_codes(db, 1)
        self.handle = db
        self.path = path
    }

    deinit {
        for entry in liveStatements.values {
            entry.statement?.invalidate()
        }
        // Every statement goes through makeStatement or is finalized by
        // execute, so none may remain; one left would make close_v2 defer the
        // close (zombie) instead of closing.
        assert(sqlite3_next_stmt(handle, nil) == nil, "unfinalized statement at close")
        sqlite3_close_v2(handle)
    }

    /// `file:` URI for `path` with `immutable=1`, escaping what URIs reserve.
    private static func immutableURI(_ path: String) -> String {
        var escaped = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x21, 0x7F...:
                escaped += String(format: "%%%02X", byte)
            default:
                escaped.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return "file:\(escaped)?immutable=1"
    }

    /// SQLite's open messages never name the file, and a directory yields a
    /// misleading "disk I/O error" in read-only mode: say what was opened.
    private static func openFailureMessage(_ message: String, path: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "\(message): \(path) is a directory"
        }
        return "\(message): \(path)"
    }

    // MARK: - Statements

    /// Prepares one statement, uncached. The caller owns it.
    ///
    /// - Throws: `SQLiteError` on a syntax error, and `.misuse` when `sql`
    ///   holds no statement or more than one (use `execute` for scripts).
    package func prepare(_ sql: String) throws -> SQLiteStatement {
        try makeStatement(sql, flags: 0)
    }

    /// Returns the statement cached for this exact SQL text, preparing it
    /// (SQLITE_PREPARE_PERSISTENT) the first time.
    ///
    /// The same object is returned for the same SQL, reset and with its
    /// bindings cleared. Consequently, one call site must be done with it
    /// before another asks for the same SQL: the second hand-out rewinds it.
    package func cachedStatement(_ sql: String) throws -> SQLiteStatement {
        if let statement = statementCache[sql] {
            statement.reset()
            statement.clearBindings()
            return statement
        }
        let statement = try makeStatement(sql, flags: UInt32(SQLITE_PREPARE_PERSISTENT))
        statementCache[sql] = statement
        return statement
    }

    /// Runs one statement through the statement cache, discarding any rows.
    /// Cheaper than `execute` for SQL that is run repeatedly.
    package func executeCached(_ sql: String) throws {
        try cachedStatement(sql).run()
    }

    /// Runs every statement in `sql`, in order, discarding rows.
    ///
    /// Not atomic: statements before a failing one stay applied unless the
    /// call is wrapped in `transaction`. The thrown error's `sql` is the
    /// failing statement (and what follows it when it did not even compile).
    package func execute(_ sql: String) throws {
        try sql.withCString { start in
            var next: UnsafePointer<CChar>? = start
            while let remaining = next, remaining.pointee != 0 {
                var statement: OpaquePointer?
                var tail: UnsafePointer<CChar>?
                let rc = sqlite3_prepare_v3(handle, remaining, -1, 0, &statement, &tail)
                guard rc == SQLITE_OK else {
                    throw SQLiteError(resultCode: rc, connection: handle, sql: String(cString: remaining))
                }
                next = tail
                // nil statement: only whitespace or a comment was left.
                guard let statement else { continue }
                defer { sqlite3_finalize(statement) }
                var stepCode = sqlite3_step(statement)
                while stepCode == SQLITE_ROW {
                    stepCode = sqlite3_step(statement)
                }
                guard stepCode == SQLITE_DONE else {
                    let text = sqlite3_sql(statement).map { String(cString: $0) }
                    throw SQLiteError(resultCode: stepCode, connection: handle, sql: text)
                }
            }
        }
    }

    // MARK: - State

    /// Rowid of the most recent successful INSERT on this connection.
    package var lastInsertRowID: Int64 {
        sqlite3_last_insert_rowid(handle)
    }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE.
    package var changes: Int {
        Int(sqlite3_changes64(handle))
    }

    /// False while a transaction (or an outermost savepoint) is open.
    package var isAutocommit: Bool {
        sqlite3_get_autocommit(handle) != 0
    }

    /// Sets how long a statement retries while another connection holds a
    /// conflicting lock before failing with `.busy`, trying again within
    /// 100 µs at first (``BusyWait``). 0 disables retrying.
    package func setBusyTimeout(milliseconds: Int) {
        guard milliseconds > 0 else {
            busyWait = nil
            sqlite3_busy_handler(handle, nil, nil)
            return
        }
        let wait = BusyWait(limit: .milliseconds(milliseconds))
        busyWait = wait
        // Only fails for a NULL handle, which cannot happen here. The
        // connection keeps `wait` for as long as SQLite may call it.
        sqlite3_busy_handler(handle, BusyWait.handler, Unmanaged.passUnretained(wait).toOpaque())
    }

    // MARK: - Statement lifecycle (wrapper-internal)

    /// Called by `SQLiteStatement.deinit`.
    package func statementWillDeinit(_ id: ObjectIdentifier) {
        liveStatements[id] = nil
    }

    private func makeStatement(_ sql: String, flags: UInt32) throws -> SQLiteStatement {
        var prepared: OpaquePointer?
        try sql.withCString { start in
            var tail: UnsafePointer<CChar>?
            // Length including the terminating NUL saves SQLite a copy.
            let length = Int32(clamping: sql.utf8.count + 1)
            let rc = sqlite3_prepare_v3(handle, start, length, flags, &prepared, &tail)
            guard rc == SQLITE_OK else {
                throw SQLiteError(resultCode: rc, connection: handle, sql: sql)
            }
            guard prepared != nil else {
                throw SQLiteError(code: .misuse, message: "no SQL statement to prepare", sql: sql)
            }
            if let tail, try containsStatement(tail) {
                sqlite3_finalize(prepared)
                prepared = nil
                throw SQLiteError(
                    code: .misuse,
                    message: "prepare() takes a single statement; use execute() for several",
                    sql: sql
                )
            }
        }
        guard let prepared else {
            // Unreachable: every nil path above throws.
            throw SQLiteError(code: .internal, message: "statement preparation failed", sql: sql)
        }
        let statement = SQLiteStatement(handle: prepared, sql: sql, connection: self)
        liveStatements[ObjectIdentifier(statement)] = WeakStatement(statement: statement)
        return statement
    }

    /// Whether the text after a prepared statement holds more than
    /// whitespace and comments. Silently ignoring it would drop SQL.
    private func containsStatement(_ text: UnsafePointer<CChar>) throws -> Bool {
        var probe = text
        while probe.pointee != 0, probe.pointee == 0x20 || (0x09...0x0D).contains(probe.pointee) {
            probe += 1
        }
        guard probe.pointee != 0 else { return false }
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v3(handle, probe, -1, 0, &statement, nil)
        sqlite3_finalize(statement)
        // A syntax error in the tail is still "something there".
        return rc != SQLITE_OK || statement != nil
    }
}

@available(*, unavailable, message: "One owner serializes access to a connection")
extension SQLiteConnection: Sendable {}
