extension Notice {
    /// A notice as a journal backend reads it back: its payload as the JSON
    /// bytes stored, its sequence number, whether a replay delivers it, its
    /// kind and its place in a conversation.
    package init(
        stored id: NoticeID, name: NoticeName, sender: Sender?, postedAtMilliseconds: Int64,
        payloadUTF8: [UInt8], sequence: Int64, isReplay: Bool,
        kind: NoticeKind = .notice, links: NoticeLinks = .none
    ) {
        self.init(
            id: id, name: name, sender: sender, postedAtMilliseconds: postedAtMilliseconds,
            payload: .jsonUTF8(payloadUTF8), sequence: sequence, isReplay: isReplay,
            kind: kind, links: links)
    }
}
