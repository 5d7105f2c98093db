/// An inline projection: state kept in the journal's database and updated in
/// the same transaction as each notice that changes it, so state and journal
/// never disagree.
///
/// ```swift
/// struct Counter: Projection {
///     let names: Set<NoticeName> = ["clicked"]
///     func apply(_ notice: Notice, to store: any ProjectionStore) throws {
///         try store.execute("UPDATE clicks SET count = count + 1", [])
///     }
/// }
/// ```
///
/// Contract: `apply` runs inside the append transaction, before the notice is
/// visible to anyone. Throwing ``ProjectionRejection`` refuses the notice:
/// its changes and the notice are rolled back, the poster gets
/// ``JournalError/refused(name:reason:)``, other notices are unaffected.
/// Projections must be deterministic functions of the notice and the state.
public protocol Projection: Sendable {
    /// The notice names this projection handles; patterns (`news.*`) stand
    /// for every name they match.
    var names: Set<NoticeName> { get }
    /// Updates state for `notice`, or throws ``ProjectionRejection``.
    ///
    /// Runs inside the journal's append, on the posting thread (or the
    /// thread leading a group commit), while the hub's writer is busy: it
    /// must not post, import, flush or close through that hub. Such a call
    /// throws ``JournalError/reentrant`` rather than waiting forever for
    /// the writer; let an observer of the notice post what follows instead.
    func apply(_ notice: Notice, to store: any ProjectionStore) throws
}

/// A projection's access to its tables inside the append transaction.
/// Arguments are bound, never spliced into the SQL.
public protocol ProjectionStore: AnyObject {
    /// Runs a statement; returns how many rows it changed.
    @discardableResult
    func execute(_ sql: String, _ arguments: [SQLValue]) throws -> Int
    /// The first column of the first row, or nil when there is no row or it is NULL.
    func integer(_ sql: String, _ arguments: [SQLValue]) throws -> Int64?
    /// Calls `body` with each row's columns.
    func rows(_ sql: String, _ arguments: [SQLValue], _ body: ([SQLValue]) throws -> Void) throws
}

/// A value bound to a projection's SQL statement.
public enum SQLValue: Sendable, Equatable {
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

/// Thrown by a projection to refuse a notice, with a reason for the poster.
public struct ProjectionRejection: Error, Equatable, Sendable, CustomStringConvertible {
    /// Why the notice was refused, in one line (`"alice already likes news 1"`).
    public let reason: String

    /// A refusal for `reason`.
    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
