/// A projection's access to its tables inside the append transaction (or a
/// read transaction, for ``HubJournal/readState(_:)``). Arguments are bound,
/// never spliced into the SQL; placeholders are `?` on every backend.
public protocol ProjectionStore: AnyObject {
    /// The SQL the backend speaks, for the rare statement that differs.
    var dialect: SQLDialect { get }
    /// Runs a statement; returns how many rows it changed.
    @discardableResult
    func execute(_ sql: String, _ arguments: [SQLValue]) throws -> Int
    /// The first column of the first row, or nil when there is no row or it is NULL.
    func integer(_ sql: String, _ arguments: [SQLValue]) throws -> Int64?
    /// Calls `body` with each row's columns.
    func rows(_ sql: String, _ arguments: [SQLValue], _ body: ([SQLValue]) throws -> Void) throws
    /// Runs a script of one or more statements with no arguments: a
    /// projection's migration.
    func executeScript(_ sql: String) throws
}

/// A value bound to a projection's SQL statement.
public enum SQLValue: Sendable, Hashable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case null
}

extension SQLValue {
    /// The integer, when this is one.
    public var integer: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The text, when this is text.
    public var text: String? {
        if case .text(let value) = self { return value }
        return nil
    }
}

extension SQLValue: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    /// An integer value: `["news": 1]`.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// A text value: `["user": "alice"]`.
    public init(stringLiteral value: String) { self = .text(value) }
}

extension SQLValue: CustomStringConvertible {
    /// The value as SQL would spell it: `42`, `'alice'`, `NULL`.
    public var description: String {
        switch self {
        case .integer(let value): "\(value)"
        case .real(let value): "\(value)"
        case .text(let value): SQLQuoting.quoted(value, by: "'")
        case .null: "NULL"
        }
    }
}
