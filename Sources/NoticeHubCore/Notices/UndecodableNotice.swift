/// A notice that a typed observer (``NoticeHub/observe(_:sender:excludingPostsBy:scheduling:owner:using:)-(Message.Type,_,_,_,_,_)``)
/// or a typed stream (``NoticeHub/messages(of:sender:buffering:)``) could not
/// decode as its message type. Such a notice is not delivered to that
/// observer, and it is never dropped without a trace: it is reported to the
/// hub's handler (``NoticeHub/onUndecodable(_:)``), or, during a replay, to
/// the replay (``HubJournal/replay(from:through:names:into:onUndecodable:)``).
public struct UndecodableNotice: Sendable, CustomStringConvertible {
    /// The notice, with its sequence number when it came from a journal.
    public let notice: Notice
    /// The message type it was to be decoded as.
    public let expected: String
    /// Why it did not decode: ``NoticeHubError/payloadMismatch(name:expected:detail:)``.
    public let error: NoticeHubError

    package init(notice: Notice, expected: String, error: NoticeHubError) {
        self.notice = notice
        self.expected = expected
        self.error = error
    }

    /// `notice #12 (news.liked version 1 from feed) is not a NewsLiked: missing key "user"`:
    /// the sequence number (`a live notice` when it has none), the name, the
    /// payload's ``Notice/version``, the sender and the decoding error.
    public var description: String {
        let which = notice.sequence.map { "notice #\($0)" } ?? "a live notice"
        let from = notice.sender.map { " from \($0)" } ?? ""
        let detail: String =
            switch error.kind {
            case .payloadMismatch(_, _, let detail): detail
            default: "\(error)"
            }
        return "\(which) (\(notice.name) version \(notice.version)\(from)) is not a \(expected): \(detail)"
    }
}

/// Notices that could not be decoded as their message types, among those a
/// replay delivered (what it throws: every other notice was delivered) or
/// those ``HubJournal/undecodableNotices(as:limit:from:)`` checked.
public struct UndecodableNotices: Error, Sendable, CustomStringConvertible {
    /// How many notices were delivered or checked, the undecodable ones
    /// included.
    package let checked: Int
    /// How many could not be decoded (by each typed observer that could not).
    public let count: Int
    /// The first of them, in journal order (at most 20 for a replay).
    public let listed: [UndecodableNotice]

    /// How many undecodable notices a replay's error lists at most.
    package static let listedLimit = 20

    package init(checked: Int, count: Int, listed: [UndecodableNotice]) {
        self.checked = checked
        self.count = count
        self.listed = listed
    }

    /// One line: how many, and the first.
    public var description: String {
        let first = listed.first.map { "; the first: \($0)" } ?? ""
        return "\(count) of \(checked) notices could not be decoded\(first)"
    }
}
