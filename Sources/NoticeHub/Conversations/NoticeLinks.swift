/// A notice's place in a conversation: the conversation's id and the id of
/// the notice that caused it. Both nil for a notice that starts nothing and
/// answers nothing.
package struct NoticeLinks: Sendable, Equatable {
    package var conversation: NoticeID?
    package var cause: NoticeID?

    package init(conversation: NoticeID?, cause: NoticeID?) {
        self.conversation = conversation
        self.cause = cause
    }

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
    package var links: NoticeLinks {
        NoticeLinks(conversation: conversation, cause: cause)
    }
}
