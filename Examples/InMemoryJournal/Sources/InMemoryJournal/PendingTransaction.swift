import NoticeHub

/// What one connection's open append transaction holds until it commits:
/// the notices appended, numbered on from the journal's last committed one
/// (the write lock keeps anyone else from committing meanwhile), and the
/// cursors saved. A rollback drops it, and the numbers are used again.
struct PendingTransaction {
    /// The journal's last committed sequence number when the transaction began.
    let base: Int64
    var notices: [StoredNotice] = []
    var sequenceByID: [NoticeID: Int64] = [:]
    var cursors: [String: Int64] = [:]

    init(base: Int64) {
        self.base = base
    }

    /// The highest sequence number the transaction sees.
    var lastSequence: Int64 { base + Int64(notices.count) }

    /// Appends `record` under the next sequence number; returns that number.
    mutating func append(_ record: JournalRecord) -> Int64 {
        let sequence = lastSequence + 1
        notices.append(StoredNotice(record, sequence: sequence))
        sequenceByID[record.notice.id] = sequence
        return sequence
    }
}
