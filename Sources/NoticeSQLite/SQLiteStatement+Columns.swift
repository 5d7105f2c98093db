internal import CSQLite

/// Reading the current row: its columns by index, copied or borrowed.
extension SQLiteStatement {
    /// Number of columns in the result; 0 for statements returning no rows.
    package var columnCount: Int32 {
        handle.map { sqlite3_column_count($0) } ?? 0
    }

    /// The column's name as assigned by `AS` or derived by SQLite.
    package func columnName(at index: Int32) -> String? {
        guard let handle, let name = sqlite3_column_name(handle, index) else { return nil }
        return String(cString: name)
    }

    /// Whether the current row's column is SQL NULL.
    package func isNull(at index: Int32) -> Bool {
        guard let handle else { return true }
        return sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    /// The column's storage class in the current row; meaningful only before
    /// another accessor has converted the value.
    package func storageClass(at index: Int32) -> SQLiteStorageClass {
        guard let handle else { return .null }
        return SQLiteStorageClass(code: sqlite3_column_type(handle, index))
    }

    /// The column as an integer; NULL reads as 0, text is converted by SQLite.
    package func int64(at index: Int32) -> Int64 {
        guard let handle else { return 0 }
        return sqlite3_column_int64(handle, index)
    }

    /// The column as a double; NULL reads as 0.0.
    package func double(at index: Int32) -> Double {
        guard let handle else { return 0 }
        return sqlite3_column_double(handle, index)
    }

    /// The column as text, or nil for NULL. Decoded with `column_bytes`, not
    /// up to the first NUL, so embedded NUL characters survive; invalid UTF-8
    /// is repaired with U+FFFD.
    package func string(at index: Int32) -> String? {
        guard !isNull(at: index) else { return nil }
        return withTextBytes(at: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// The column as BLOB bytes, or nil for NULL; an empty BLOB gives `[]`.
    package func blob(at index: Int32) -> [UInt8]? {
        guard !isNull(at: index) else { return nil }
        return withBlobBytes(at: index) { Array($0) }
    }

    /// Zero-copy view of the column's UTF-8 text (empty for NULL).
    ///
    /// The buffer points into SQLite's memory and is valid only inside
    /// `body`: it is invalidated by the next step, reset, or by reading the
    /// same column with another accessor. Never let it escape.
    package func withTextBytes<R>(at index: Int32, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        guard let handle else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        // Order matters: text first, then bytes, as the SQLite docs advise, so
        // the length describes the converted representation.
        let text = sqlite3_column_text(handle, index)
        let count = Int(sqlite3_column_bytes(handle, index))
        return try body(UnsafeRawBufferPointer(start: text, count: text == nil ? 0 : count))
    }

    /// Zero-copy view of the column's bytes as a BLOB (empty for NULL), with
    /// the same validity rules as `withTextBytes`.
    package func withBlobBytes<R>(at index: Int32, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        guard let handle else { return try body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        let blob = sqlite3_column_blob(handle, index)
        let count = Int(sqlite3_column_bytes(handle, index))
        return try body(UnsafeRawBufferPointer(start: blob, count: blob == nil ? 0 : count))
    }
}
