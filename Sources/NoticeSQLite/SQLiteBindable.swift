/// A value that can be bound to a statement parameter.
///
/// Exists so that `SQLiteStatement.run(_:)` and `forEachRow(_:body:)` can
/// take a short positional list (`try insert.run(id, name, nil)`). Hot paths
/// may prefer the typed `bind(_:at:)` overloads, which avoid existentials.
///
/// Conformers must bind exactly one value at `index` and may throw the
/// `SQLiteError` reported by SQLite (e.g. `.range` for a bad index).
package protocol SQLiteBindable {
    func bind(to statement: SQLiteStatement, at index: Int32) throws
}

extension Int64: SQLiteBindable {
    package func bind(to statement: SQLiteStatement, at index: Int32) throws {
        try statement.bind(self, at: index)
    }
}

extension Int: SQLiteBindable {
    package func bind(to statement: SQLiteStatement, at index: Int32) throws {
        try statement.bind(Int64(self), at: index)
    }
}

extension Double: SQLiteBindable {
    package func bind(to statement: SQLiteStatement, at index: Int32) throws {
        try statement.bind(self, at: index)
    }
}

extension String: SQLiteBindable {
    package func bind(to statement: SQLiteStatement, at index: Int32) throws {
        try statement.bind(self, at: index)
    }
}

/// Byte arrays bind as BLOBs; use `bindText(bytes:at:)` for UTF-8 text.
extension Array: SQLiteBindable where Element == UInt8 {
    package func bind(to statement: SQLiteStatement, at index: Int32) throws {
        try statement.bind(self, at: index)
    }
}

/// `nil` binds NULL, so `String?` columns need no special casing.
extension Optional: SQLiteBindable where Wrapped: SQLiteBindable {
    package func bind(to statement: SQLiteStatement, at index: Int32) throws {
        switch self {
        case .some(let value): try value.bind(to: statement, at: index)
        case .none: try statement.bindNull(at: index)
        }
    }
}
