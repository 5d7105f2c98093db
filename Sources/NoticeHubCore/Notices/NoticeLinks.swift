/// A notice's place in a conversation: the conversation's id and the id of
/// the notice that caused it. Both nil for a notice that starts nothing and
/// answers nothing.
///
/// Kept as two plain ids, all zero bits for none (no id this library makes
/// or accepts is all zeros): optionals' tags made every notice, and a post
/// to one observer, measurably larger and slower.
package struct NoticeLinks: Sendable, Equatable {
    private var conversationID: NoticeID
    private var causeID: NoticeID

    package init(conversation: NoticeID?, cause: NoticeID?) {
        conversationID = conversation ?? Self.noID
        causeID = cause ?? Self.noID
    }

    package var conversation: NoticeID? {
        get { conversationID == Self.noID ? nil : conversationID }
        set { conversationID = newValue ?? Self.noID }
    }

    package var cause: NoticeID? {
        get { causeID == Self.noID ? nil : causeID }
        set { causeID = newValue ?? Self.noID }
    }

    private static var noID: NoticeID { NoticeID(high: 0, low: 0) }

    /// Part of no conversation.
    package static var none: NoticeLinks { NoticeLinks(conversation: nil, cause: nil) }

    /// The links of a notice `notice` caused: its id is the cause, and the
    /// conversation is the one it belongs to, or the one it starts.
    package static func caused(by notice: Notice) -> NoticeLinks {
        NoticeLinks(conversation: notice.conversation ?? notice.id, cause: notice.id)
    }
}

extension Notice {
    /// The conversation and cause this notice carries.
    package var links: NoticeLinks { storedLinks }
}
