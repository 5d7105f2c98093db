import NoticeHub

/// One notice as an ``InMemoryStorage`` keeps it: the columns a journal
/// stores, with the payload as the JSON bytes appended. Committed rows are
/// never changed, so a read may copy them out and hand them on unlocked.
struct StoredNotice: Sendable {
    let sequence: Int64
    let id: NoticeID
    let name: NoticeName
    let sender: Sender?
    let postedAtMilliseconds: Int64
    let payloadJSON: [UInt8]
    let kind: NoticeKind
    let conversation: NoticeID?
    let cause: NoticeID?
    /// The payload's version (``Notice/version``).
    let version: Int
    let metadata: NoticeMetadata

    /// The row for `record`, stored under `sequence`.
    init(_ record: JournalRecord, sequence: Int64) {
        let notice = record.notice
        self.sequence = sequence
        id = notice.id
        name = notice.name
        sender = notice.sender
        postedAtMilliseconds = notice.postedAtMilliseconds
        payloadJSON = Array(record.payloadJSON.utf8)
        kind = notice.kind
        conversation = notice.conversation
        cause = notice.cause
        version = notice.version
        metadata = notice.metadata
    }

    /// The notice a read hands on, built as every backend builds it.
    func notice(isReplay: Bool) -> Notice {
        Notice(
            stored: id, name: name, sender: sender, postedAtMilliseconds: postedAtMilliseconds,
            payloadJSON: payloadJSON, sequence: sequence, isReplay: isReplay,
            kind: kind, conversation: conversation, cause: cause, version: version, metadata: metadata)
    }
}
