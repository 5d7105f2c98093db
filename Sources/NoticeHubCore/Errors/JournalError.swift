/// Why a journal could not be opened, read or appended to. Each description
/// is one line naming the file or the notice; none includes payload values.
///
/// Tell failures apart by ``code-swift.property``, which a minor release may
/// give new values without breaking a `catch` or a `switch` that has a
/// `default:`, and read the few details a caller acts on through the
/// accessors (``noticeName``, ``reason``, ``projection``, ``sequence``,
/// ``firstRetained``, ``storageFailure``, ``uncertainAppend``):
///
/// ```swift
/// do {
///     try hub.post("stock.moved", payload: move)
/// } catch let error as JournalError where error.code == .refused {
///     print("\(error.noticeName!) refused: \(error.reason!)")
/// }
/// ```
///
/// The static members (``refused(name:reason:)``, ``closed``, …) make one,
/// for a backend to throw or a test to compare with: errors are equal when
/// their code and every detail are.
public struct JournalError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The failure and everything it carries. Each case is documented at
    /// the static member that makes it (``JournalError/refused(name:reason:)``
    /// for `refused`); code outside the package reads a case's details
    /// through ``JournalError/code-swift.property`` and the accessors.
    package enum Kind: Sendable, Equatable {
        case isADirectory(path: String)
        case missing(path: String)
        case notADatabase(path: String)
        case foreignDatabase(path: String, tables: [String])
        case foreignSchema(location: String, tables: [String])
        case newerSchema(path: String, found: Int, supported: Int)
        case corrupt(path: String, detail: String)
        case cannotOpen(path: String, detail: String)
        case refused(name: NoticeName, reason: String)
        case projectionMissing(name: NoticeName, projection: String)
        case projectionsChanged
        case projectionUnusable(projection: String, problem: String)
        case payloadTooLarge(name: NoticeName, bytes: Int, limit: Int)
        case malformedRow(sequence: Int64, problem: String)
        case storage(StorageFailure)
        case subscriberBusy(String)
        case subscriberGrouped(String)
        case claimLost(String)
        case rolledBack(handled: Int64, last: Int64)
        case requestsUnsupported(location: String)
        case trimmed(from: Int64, firstRetained: Int64)
        case trimRefused(String)
        case erasureRefused(String)
        case beyondLast(Int64, last: Int64)
        case marksUnsupported
        case closed
        case noJournal
        case reentrant
        case outcomeUnknown(UncertainAppend)
    }

    /// The failure with its details, for the package's own code to switch over.
    package let kind: Kind

    package init(_ kind: Kind) {
        self.kind = kind
    }

    /// What failed, to compare with `==` or to switch over with a
    /// `default:`: a minor release may add a code.
    public var code: Code { kind.code }

    /// Whether a follower or durable subscriber stops on this error rather
    /// than try again at its next poll: no retry gets past a malformed row, a
    /// lost claim or a rolled-back journal.
    public var stopsFollowers: Bool {
        switch kind {
        case .malformedRow, .claimLost, .rolledBack, .trimmed: true
        default: false
        }
    }

    /// Whether an error is this one, code and details: what lets
    /// `catch JournalError.closed` match a thrown error.
    public static func ~= (pattern: JournalError, error: any Error) -> Bool {
        (error as? JournalError) == pattern
    }
}
