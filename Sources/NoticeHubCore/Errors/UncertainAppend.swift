/// What ``JournalError/outcomeUnknown(_:)`` carries: the notice whose commit
/// was cut off, as it was posted (its id included), and why the writer
/// could not find out whether it was journaled.
///
/// ```swift
/// do {
///     try hub.post("invoice.sent", payload: invoice)
/// } catch let error as JournalError where error.code == .outcomeUnknown {
///     // Later, once the server is back: appended at most once, by id.
///     try hub.post(error.uncertainAppend!.notice)
/// }
/// ```
public struct UncertainAppend: Sendable, Equatable, CustomStringConvertible {
    /// The notice, with the id it was posted under.
    public let notice: Notice
    /// The last failure, one line.
    public let reason: String

    public init(notice: Notice, reason: String) {
        self.notice = notice
        self.reason = reason
    }

    public var description: String {
        "whether notice \(notice.id) (\(notice.name)) was journaled is unknown: \(reason); "
            + "posting the same notice again is safe, it is appended at most once"
    }

    public static func == (left: UncertainAppend, right: UncertainAppend) -> Bool {
        left.notice.id == right.notice.id && left.reason == right.reason
    }
}
