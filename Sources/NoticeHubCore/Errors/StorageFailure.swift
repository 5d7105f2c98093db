/// What ``JournalError/storage(_:)`` carries: a one-line message, and the
/// error the storage reported, when there was one, for callers that tell
/// failures apart (a lost server connection from a constraint violation,
/// say) by the backend's own error type.
///
/// The message names the storage's code and reason and the SQL, never the
/// values bound to it or a password. Two failures are equal when their
/// messages are: `underlying` is not `Equatable`.
///
/// ```swift
/// do {
///     try hub.post("report.ready")
/// } catch let error as JournalError where error.code == .storage {
///     let failure = error.storageFailure!
///     print(failure.message, failure.underlying.map { type(of: $0) } as Any)
/// }
/// ```
public struct StorageFailure: Error, Sendable, Equatable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// The one-line message.
    public let message: String
    /// The error the storage reported, if any (for example SQLite's or
    /// postgres-nio's).
    public let underlying: (any Error)?
    /// Set by a server backend when the failure is a lost connection: what
    /// it left undone, which tells a hub's writer whether and how it may
    /// try again (``LostConnection``). Nil for every other failure.
    public let lostConnection: LostConnection?

    public init(_ message: String, underlying: (any Error)? = nil, lostConnection: LostConnection? = nil) {
        self.message = message
        self.underlying = underlying
        self.lostConnection = lostConnection
    }

    /// A failure without an underlying error, from a string literal.
    public init(stringLiteral message: String) {
        self.init(message)
    }

    /// A failure without an underlying error, from an interpolated string.
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(String(stringInterpolation: stringInterpolation))
    }

    public var description: String { message }

    public static func == (left: StorageFailure, right: StorageFailure) -> Bool {
        left.message == right.message
    }
}
