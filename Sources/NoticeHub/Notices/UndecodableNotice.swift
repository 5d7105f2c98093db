/// A notice that a typed observer (``NoticeHub/observe(_:sender:excludingPostsBy:using:)-(Message.Type,_,_,_)``)
/// or a typed stream (``NoticeHub/messages(of:sender:buffering:)``) could not
/// decode as its message type. Such a notice is not delivered to that
/// observer, and it is never dropped without a trace: it is reported to the
/// hub's handler (``NoticeHub/onUndecodable(_:)``), or, during a replay, to
/// the replay (``NoticeHub/replay(from:through:names:into:onUndecodable:)``).
public struct UndecodableNotice: Sendable, CustomStringConvertible {
    /// The notice, with its sequence number when it came from a journal.
    public let notice: Notice
    /// The message type it was to be decoded as.
    public let expected: String
    /// Why it did not decode: ``NoticeHubError/payloadMismatch(name:expected:detail:)``.
    public let error: NoticeHubError

    public init(notice: Notice, expected: String, error: NoticeHubError) {
        self.notice = notice
        self.expected = expected
        self.error = error
    }

    /// `notice #12 (news.liked from feed) is not a NewsLiked: missing key "user"`;
    /// `a live notice (…)` when it has no sequence number.
    public var description: String {
        let which = notice.sequence.map { "notice #\($0)" } ?? "a live notice"
        let from = notice.sender.map { " from \($0)" } ?? ""
        let detail: String =
            switch error {
            case .payloadMismatch(_, _, let detail): detail
            default: "\(error)"
            }
        return "\(which) (\(notice.name)\(from)) is not a \(expected): \(detail)"
    }
}

/// What a replay throws when notices it delivered could not be decoded by a
/// typed observer of the target hub: every other notice was delivered.
public struct UndecodableNotices: Error, Sendable, CustomStringConvertible {
    /// How many notices the replay delivered, the undecodable ones included.
    public let delivered: Int
    /// How many notices a typed observer could not decode (once per
    /// observer that could not).
    public let count: Int
    /// The first of them, in journal order (at most ``listedLimit``).
    public let listed: [UndecodableNotice]

    /// How many undecodable notices the error lists at most.
    public static let listedLimit = 20

    public init(delivered: Int, count: Int, listed: [UndecodableNotice]) {
        self.delivered = delivered
        self.count = count
        self.listed = listed
    }

    /// One line: how many, and the first.
    public var description: String {
        let first = listed.first.map { "; the first: \($0)" } ?? ""
        return "the replay delivered \(delivered) notices, of which \(count) could not be decoded\(first)"
    }
}
