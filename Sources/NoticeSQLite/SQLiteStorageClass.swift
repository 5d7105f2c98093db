internal import CSQLite

/// The storage class of a value in a result row, as SQLite keeps it: what a
/// column held before any accessor converted it.
package enum SQLiteStorageClass: Sendable, Equatable {
    case integer
    case real
    case text
    case blob
    case null

    /// The class of `sqlite3_column_type`'s answer; unknown codes read as null.
    init(code: Int32) {
        switch code {
        case SQLITE_INTEGER: self = .integer
        case SQLITE_FLOAT: self = .real
        case SQLITE_TEXT: self = .text
        case SQLITE_BLOB: self = .blob
        default: self = .null
        }
    }
}
