/// What part a journaled notice plays: an ordinary notice, or one side of a
/// request answered across processes
/// (``NoticeHub/collectAcrossProcesses(_:payload:from:as:timeout:maxReplies:causedBy:onReply:)``).
///
/// Observers, streams, followers and replays receive ordinary notices only,
/// as in a single process, where requests go to responders and never to
/// observers. `tail`, `export` and `import` show and keep every kind.
public enum NoticeKind: String, Sendable, Hashable, CaseIterable {
    /// Posted to be observed.
    case notice
    /// Asks the live responders of its name; starts a conversation.
    case request
    /// A responder's answer; ``Notice/cause`` is the request's id.
    case reply
    /// A responder's failure to answer: its payload is `{"error": "…"}`.
    case failure

    /// The value of the journal's `kind` column: NULL for an ordinary notice.
    package var storedValue: String? {
        self == .notice ? nil : rawValue
    }

    /// The kind a `kind` column holds; nil for a value no kind has.
    package init?(stored value: String?) {
        guard let value else {
            self = .notice
            return
        }
        guard let kind = NoticeKind(rawValue: value), kind != .notice else { return nil }
        self = kind
    }
}
