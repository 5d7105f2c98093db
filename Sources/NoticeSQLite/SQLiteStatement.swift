internal import CSQLite

/// A prepared statement owned by one `SQLiteConnection`.
///
/// Contract:
/// - Not `Sendable`: it is used by whoever owns its connection, never
///   concurrently, because connections are opened with SQLITE_OPEN_NOMUTEX.
/// - Its lifetime never extends the database's: when the connection is
///   deinitialized it finalizes every statement it prepared. A statement kept
///   after that is *invalidated*: `step`, binding and `run` throw
///   `SQLiteResultCode.misuse`; column accessors read as NULL.
/// - Parameter and column indices follow SQLite: parameters start at 1,
///   columns at 0.
/// - Column accessors are only meaningful after `step()` returned `true`.
package final class SQLiteStatement {
    /// How a raw byte buffer is stored by `bind(_:as:at:)`.
    package enum ByteStorage: Sendable {
        /// UTF-8 text; SQLite does not validate the encoding.
        case text
        /// A BLOB, stored byte for byte.
        case blob
    }

    /// The SQL text as given to `prepare`, for errors and diagnostics.
    package let sql: String

    /// nil once finalized (by deinit or because the connection closed).
    private(set) var handle: OpaquePointer?

    /// Weak: the connection owns (caches) statements, not the reverse. Used
    /// only to unregister on deinit; the database handle for error messages
    /// comes from `sqlite3_db_handle`.
    private weak var connection: SQLiteConnection?

    /// Wrapper-internal: only `SQLiteConnection` creates statements.
    init(handle: OpaquePointer, sql: String, connection: SQLiteConnection) {
        self.handle = handle
        self.sql = sql
        self.connection = connection
    }

    deinit {
        connection?.statementWillDeinit(ObjectIdentifier(self))
        if let handle {
            sqlite3_finalize(handle)
        }
    }

    /// Wrapper-internal: finalizes now, before the connection closes, so that
    /// `sqlite3_close_v2` really closes instead of leaving a zombie connection
    /// that keeps file locks and memory for as long as this object lives.
    func invalidate() {
        if let handle {
            sqlite3_finalize(handle)
            self.handle = nil
        }
    }

    /// Whether the statement can still be used (its connection is open).
    package var isValid: Bool { handle != nil }

    // MARK: - Execution

    /// Advances to the next row.
    ///
    /// - Returns: `true` when a row is available through the column accessors,
    ///   `false` when the statement has completed. Stepping again after
    ///   `false` restarts the statement (SQLite's automatic reset).
    /// - Throws: `SQLiteError` with SQLite's extended code. The statement is
    ///   reset after an error so it does not keep a read or write lock.
    package func step() throws -> Bool {
        let handle = try validHandle()
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW:
            return true
        case SQLITE_DONE:
            return false
        default:
            // Capture the message before reset; reset may re-report the error.
            let error = SQLiteError(resultCode: rc, connection: sqlite3_db_handle(handle), sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Rewinds the statement so it can be stepped from the start. Bindings are
    /// kept. Releases any lock the statement held while partially stepped.
    ///
    /// The return code of `sqlite3_reset` is ignored on purpose: it merely
    /// repeats the error of the last `step`, which `step` already threw.
    package func reset() {
        if let handle {
            sqlite3_reset(handle)
        }
    }

    /// Sets every parameter back to NULL.
    package func clearBindings() {
        if let handle {
            sqlite3_clear_bindings(handle)
        }
    }

    /// Steps to completion, discarding any row, then resets.
    ///
    /// When `bindings` is not empty it replaces all current bindings and must
    /// supply exactly one value per parameter; when empty, the current
    /// bindings are used.
    package func run(_ bindings: (any SQLiteBindable)?...) throws {
        try bindAll(bindings)
        defer { reset() }
        while try step() {}
    }

    /// Calls `body` for each row (the statement itself, positioned on the row)
    /// and resets the statement afterwards, even when `body` throws, so that no
    /// read transaction outlives the loop.
    ///
    /// `bindings` follows the same rules as in `run`.
    package func forEachRow(
        _ bindings: (any SQLiteBindable)?...,
        body: (SQLiteStatement) throws -> Void
    ) throws {
        try bindAll(bindings)
        defer { reset() }
        while try step() {
            try body(self)
        }
    }

    /// Number of `?`/`:name` parameters in the statement.
    package var parameterCount: Int32 {
        handle.map { sqlite3_bind_parameter_count($0) } ?? 0
    }

    private func bindAll(_ bindings: [(any SQLiteBindable)?]) throws {
        guard !bindings.isEmpty else { return }
        guard bindings.count == Int(parameterCount) else {
            throw SQLiteError(
                code: .misuse,
                message: "expected \(parameterCount) bindings, got \(bindings.count)",
                sql: sql
            )
        }
        reset()
        clearBindings()
        for (offset, value) in bindings.enumerated() {
            let index = Int32(offset + 1)
            if let value {
                try value.bind(to: self, at: index)
            } else {
                try bindNull(at: index)
            }
        }
    }

    // MARK: - Binding

    /// Binds NULL.
    package func bindNull(at index: Int32) throws {
        let handle = try validHandle()
        try check(sqlite3_bind_null(handle, index))
    }

    /// Binds an integer.
    package func bind(_ value: Int64, at index: Int32) throws {
        let handle = try validHandle()
        try check(sqlite3_bind_int64(handle, index, value))
    }

    /// Binds an integer (Int is 64 bits on every supported platform).
    package func bind(_ value: Int, at index: Int32) throws {
        try bind(Int64(value), at: index)
    }

    /// Binds a double. Note: SQLite stores NaN as NULL.
    package func bind(_ value: Double, at index: Int32) throws {
        let handle = try validHandle()
        try check(sqlite3_bind_double(handle, index, value))
    }

    /// Binds text, copied by SQLite (SQLITE_TRANSIENT): a Swift string's
    /// storage is not guaranteed to outlive this call, so zero-copy binding
    /// would be unsafe. Embedded NUL characters are preserved.
    package func bind(_ value: String, at index: Int32) throws {
        var value = value
        try value.withUTF8 { utf8 in
            try bind(UnsafeRawBufferPointer(utf8), as: .text, at: index)
        }
    }

    /// Binds text, or NULL for nil.
    package func bindText(_ value: String?, at index: Int32) throws {
        if let value {
            try bind(value, at: index)
        } else {
            try bindNull(at: index)
        }
    }

    /// Binds a BLOB (copied). An empty array binds an empty BLOB, not NULL.
    package func bind(_ value: [UInt8], at index: Int32) throws {
        try value.withUnsafeBytes { bytes in
            try bind(bytes, as: .blob, at: index)
        }
    }

    /// Binds `nil` as NULL, otherwise the wrapped value.
    package func bind(_ value: (any SQLiteBindable)?, at index: Int32) throws {
        if let value {
            try value.bind(to: self, at: index)
        } else {
            try bindNull(at: index)
        }
    }

    /// Binds raw bytes as text or BLOB, copied by SQLite, so `bytes` only has
    /// to be valid for the duration of this call. An empty buffer binds an
    /// empty value, never NULL (SQLite treats a NULL pointer as NULL).
    package func bind(_ bytes: UnsafeRawBufferPointer, as storage: ByteStorage, at index: Int32) throws {
        let handle = try validHandle()
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            // A zero-length buffer may have a nil base address, which SQLite
            // would store as NULL: bind an explicit empty value instead.
            switch storage {
            case .text: try check(sqlite3_bind_text64(handle, index, "", 0, csqlite_transient(), UInt8(SQLITE_UTF8)))
            case .blob: try check(sqlite3_bind_zeroblob(handle, index, 0))
            }
            return
        }
        let count = sqlite3_uint64(bytes.count)
        switch storage {
        case .text:
            try check(
                sqlite3_bind_text64(
                    handle, index, base.assumingMemoryBound(to: CChar.self), count,
                    csqlite_transient(), UInt8(SQLITE_UTF8)))
        case .blob:
            try check(sqlite3_bind_blob64(handle, index, base, count, csqlite_transient()))
        }
    }

    /// Binds `text` to parameter `index` without copying it, for the
    /// duration of `body`: SQLite reads the string's bytes in place
    /// (SQLITE_STATIC) when `body` steps the statement, and the parameter is
    /// bound to NULL again before this returns, so the statement never keeps
    /// a pointer to storage that may be gone. For a statement run many times
    /// with long values (an append's payload), where copying each value into
    /// SQLite's own memory costs an allocation per parameter. nil binds NULL.
    package func withBorrowedText<Result>(
        _ text: String?, at index: Int32, _ body: () throws -> Result
    ) throws -> Result {
        guard var text else {
            try bindNull(at: index)
            return try body()
        }
        return try text.withUTF8 { utf8 in
            try withBorrowedText(UnsafeRawBufferPointer(utf8), at: index, body)
        }
    }

    /// ``withBorrowedText(_:at:_:)`` for UTF-8 bytes that stay valid while
    /// `body` runs.
    package func withBorrowedText<Result>(
        _ utf8: UnsafeRawBufferPointer, at index: Int32, _ body: () throws -> Result
    ) throws -> Result {
        try withBorrowed(utf8, as: .text, at: index, body)
    }

    /// Binds `bytes` as a BLOB without copying them, for the duration of
    /// `body`, with ``withBorrowedText(_:at:_:)``'s rules: the bytes must stay
    /// valid while `body` runs, and the parameter is NULL again afterwards.
    package func withBorrowedBlob<Result>(
        _ bytes: UnsafeRawBufferPointer, at index: Int32, _ body: () throws -> Result
    ) throws -> Result {
        try withBorrowed(bytes, as: .blob, at: index, body)
    }

    /// Binds `bytes` in place (no destructor: SQLite reads them where they
    /// lie) for the duration of `body`, then binds NULL.
    @inline(__always)
    private func withBorrowed<Result>(
        _ bytes: UnsafeRawBufferPointer, as storage: ByteStorage, at index: Int32, _ body: () throws -> Result
    ) throws -> Result {
        let handle = try validHandle()
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            try bind(bytes, as: storage, at: index)
            return try body()
        }
        let count = sqlite3_uint64(bytes.count)
        switch storage {
        case .text:
            try check(
                sqlite3_bind_text64(
                    handle, index, base.assumingMemoryBound(to: CChar.self), count, nil, UInt8(SQLITE_UTF8)))
        case .blob:
            try check(sqlite3_bind_blob64(handle, index, base, count, nil))
        }
        defer { sqlite3_bind_null(handle, index) }
        return try body()
    }

    /// Binds UTF-8 encoded bytes (e.g. JSON already encoded) as TEXT, copied.
    package func bindText<Bytes: Collection>(bytes: Bytes, at index: Int32) throws where Bytes.Element == UInt8 {
        let bound: Void? = try bytes.withContiguousStorageIfAvailable { buffer in
            try bind(UnsafeRawBufferPointer(buffer), as: .text, at: index)
        }
        if bound == nil {
            try Array(bytes).withUnsafeBytes { try bind($0, as: .text, at: index) }
        }
    }

    // MARK: - Helpers

    private func validHandle() throws -> OpaquePointer {
        guard let handle else {
            throw SQLiteError(
                code: .misuse,
                message: "statement used after its connection was closed",
                sql: sql
            )
        }
        return handle
    }

    private func check(_ rc: Int32) throws {
        guard rc == SQLITE_OK else {
            throw SQLiteError(resultCode: rc, connection: handle.flatMap { sqlite3_db_handle($0) }, sql: sql)
        }
    }
}

@available(*, unavailable, message: "A statement belongs to its connection's single owner")
extension SQLiteStatement: Sendable {}
