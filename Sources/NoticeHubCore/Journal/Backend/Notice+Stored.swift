extension Notice {
    /// A notice as a journal backend reads it back from its storage: its
    /// payload as the JSON bytes stored (decoded only when a colleague asks
    /// for it), its sequence number, whether a replay delivers it
    /// (``JournalQuery/markedAsReplay``), its kind, its place in a
    /// conversation, its payload's ``Notice/version``, which must be one of
    /// 1...2147483647 (a backend reports a stored value outside it as
    /// ``JournalError/malformedRow(sequence:problem:)``), and its
    /// ``Notice/metadata`` (see ``NoticeMetadata/json``). A backend's ``JournalConnection/read(_:_:)`` builds
    /// each notice it hands on with this.
    ///
    /// ```swift
    /// let notice = Notice(
    ///     stored: id, name: "news.liked", sender: "feed", postedAtMilliseconds: 1_764_115_200_000,
    ///     payloadJSON: Array(#"{"newsID":1}"#.utf8), sequence: 7, isReplay: query.markedAsReplay)
    /// ```
    public init(
        stored id: NoticeID, name: NoticeName, sender: Sender?, postedAtMilliseconds: Int64,
        payloadJSON: [UInt8], sequence: Int64, isReplay: Bool = false,
        kind: NoticeKind = .notice, conversation: NoticeID? = nil, cause: NoticeID? = nil, version: Int = 1,
        metadata: NoticeMetadata = .empty
    ) {
        guard let stored = Int32(exactly: version), stored >= 1 else {
            preconditionFailure("version \(version) is not one of 1...\(Int32.max)")
        }
        self.init(
            stored: id, name: name, sender: sender, postedAtMilliseconds: postedAtMilliseconds,
            payloadUTF8: payloadJSON, sequence: sequence, isReplay: isReplay,
            kind: kind, links: NoticeLinks(conversation: conversation, cause: cause), version: stored,
            metadata: metadata)
    }

    /// ``init(stored:name:sender:postedAtMilliseconds:payloadJSON:sequence:isReplay:kind:conversation:cause:version:metadata:)``
    /// with the links and the version as the package keeps them.
    package init(
        stored id: NoticeID, name: NoticeName, sender: Sender?, postedAtMilliseconds: Int64,
        payloadUTF8: [UInt8], sequence: Int64, isReplay: Bool,
        kind: NoticeKind = .notice, links: NoticeLinks = .none, version: Int32 = 1,
        metadata: NoticeMetadata = .empty
    ) {
        self.init(
            id: id, name: name, sender: sender, postedAtMilliseconds: postedAtMilliseconds,
            payload: .jsonUTF8(payloadUTF8), sequence: sequence, isReplay: isReplay,
            kind: kind, links: links, version: version, metadata: metadata)
    }
}
