import NoticeSQLite
import NoticeHubCore

/// What the library would refuse in a stored row: the rules its own writes
/// and imports follow, checked again for rows edited behind its back, so an
/// export prints only lines that import takes back unchanged.
///
/// Names and senders repeat, so each distinct code is judged once; a valid
/// row costs a few comparisons and a scan of its payload, without
/// allocating for a small payload.
struct RowCheck {
    private let journal: SQLiteJournalConnection
    private var names: [Int64: String?] = [:]
    private var senders: [Int64: String?] = [:]

    /// Checks rows read on `journal`'s connection.
    init(journal: SQLiteJournalConnection) {
        self.journal = journal
    }

    /// Columns: `RowDecoder/columns`. The first problem
    /// of the row in one line, or nil when the row is sound. Must run before
    /// anything else reads the row: reading converts values.
    mutating func problem(in row: SQLiteStatement) throws -> String? {
        if let problem = StoredRowRules.sequenceProblem(row.int64(at: 0)) { return problem }
        guard row.storageClass(at: 2) == .integer else {
            return "name_code \(RowValue.quoted(row, at: 2)) is not an integer"
        }
        guard row.storageClass(at: 4) == .text else { return RowValue.notText("payload", in: row, at: 4) }
        let senderClass = row.storageClass(at: 3)
        guard senderClass == .integer || senderClass == .null else {
            return "sender_code \(RowValue.quoted(row, at: 3)) is not an integer"
        }

        guard let id = row.noticeID(at: 1) else {
            return RowDecoder.idProblem(in: row)
        }
        var extra = RowExtra()
        if !row.isNull(at: 6) {
            switch RowDecoder.extraResult(in: row) {
            case .success(let stored): extra = stored
            case .failure(let problem): return problem.description
            }
        }
        if extra.postedAt == nil, !id.carriesTime(id.milliseconds) {
            return "posted_at is null, and the id \(id) carries no time"
        }
        let nameCode = row.int64(at: 2)
        if names[nameCode] == nil {
            names[nameCode] =
                try journal.nameCodes.text(for: nameCode, on: journal.connection).map {
                    Array($0.rawValue.utf8).withUnsafeBytes(StoredRowRules.nameProblem)
                } ?? RowDecoder.unknownCodeProblem(in: row, column: 2)
        }
        if let problem = names[nameCode]! { return problem }
        if senderClass == .integer {
            let senderCode = row.int64(at: 3)
            if senders[senderCode] == nil {
                senders[senderCode] =
                    try journal.senderCodes.text(for: senderCode, on: journal.connection).map { sender in
                        Array(sender.rawValue.utf8).withUnsafeBytes { bytes in
                            StoredRowRules.identifierProblem(bytes, label: "sender") { _ = try Sender(validating: $0) }
                        }
                    } ?? RowDecoder.unknownCodeProblem(in: row, column: 3)
            }
            if let problem = senders[senderCode]! { return problem }
        }
        if let problem = row.withTextBytes(at: 4, StoredRowRules.payloadProblem) { return problem }
        if let problem = StoredRowRules.postedAtProblem(extra.postedAt ?? id.milliseconds) { return problem }
        if !row.isNull(at: 5), row.noticeID(at: 5) == nil { return RowDecoder.conversationProblem(in: row) }
        return nil
    }
}
