import NoticeJSON
import NoticeSQLite

/// What the library would refuse in a stored row: the rules its own writes
/// and imports follow, checked again for rows edited behind its back, so an
/// export prints only lines that import takes back unchanged.
///
/// Names and senders repeat, so each distinct one is judged once while it is
/// among the last few met; a valid row costs a few comparisons and a scan of
/// its payload, without allocating for a small payload.
struct RowCheck {
    private var names = RecentIdentifiers<String?>()
    private var senders = RecentIdentifiers<String?>()

    /// Columns: ``RowDecoder/columns``. The first problem
    /// of the row in one line, or nil when the row is sound. Must run before
    /// anything else reads the row: reading converts values.
    mutating func problem(in row: SQLiteStatement) -> String? {
        if let problem = StoredRowRules.sequenceProblem(row.int64(at: 0)) { return problem }
        guard row.storageClass(at: 5) == .integer else {
            return "posted_at \(RowValue.quoted(row, at: 5)) is not an integer"
        }
        guard row.storageClass(at: 2) == .text else { return Self.notText("name", in: row, at: 2) }
        guard row.storageClass(at: 4) == .text else { return Self.notText("payload", in: row, at: 4) }
        let senderClass = row.storageClass(at: 3)
        guard senderClass == .text || senderClass == .null else { return Self.notText("sender", in: row, at: 3) }

        guard row.noticeID(at: 1) != nil else {
            return RowDecoder.idProblem(in: row)
        }
        if let problem = row.withTextBytes(
            at: 2,
            { bytes in
                names.lookup(bytes) { StoredRowRules.nameProblem($0) }
            })
        {
            return problem
        }
        if senderClass == .text,
            let problem = row.withTextBytes(
                at: 3,
                { bytes in
                    senders.lookup(bytes) {
                        StoredRowRules.identifierProblem($0, label: "sender") { _ = try Sender(validating: $0) }
                    }
                })
        {
            return problem
        }
        if let problem = row.withTextBytes(at: 4, StoredRowRules.payloadProblem) { return problem }
        if let problem = StoredRowRules.postedAtProblem(row.int64(at: 5)) { return problem }
        guard row.storageClass(at: 9) == .integer else {
            return "version \(RowValue.quoted(row, at: 9)) is not an integer"
        }
        if let problem = StoredRowRules.versionProblem(row.int64(at: 9)) { return problem }
        return linkProblem(in: row) ?? metadataProblem(in: row)
    }

    /// Metadata that is neither NULL nor a JSON object of strings that
    /// keeps ``NoticeMetadata``'s rules.
    private func metadataProblem(in row: SQLiteStatement) -> String? {
        switch row.storageClass(at: 10) {
        case .null: return nil
        case .text:
            do {
                _ = try NoticeMetadata(json: row.string(at: 10) ?? "")
                return nil
            } catch {
                return "\(error)"
            }
        default: return Self.notText("metadata", in: row, at: 10)
        }
    }

    /// A kind that is neither NULL nor a known one, or a conversation or
    /// cause that is neither NULL nor a UUID's 16 bytes.
    private func linkProblem(in row: SQLiteStatement) -> String? {
        let kindClass = row.storageClass(at: 6)
        if kindClass != .null, kindClass != .text || NoticeKind(stored: row.string(at: 6)) == nil {
            return RowDecoder.linkProblem(in: row, column: 6)
        }
        for column: Int32 in [7, 8] where !row.isNull(at: column) && row.noticeID(at: column) == nil {
            return RowDecoder.linkProblem(in: row, column: column)
        }
        return nil
    }

    private static func notText(_ label: String, in row: SQLiteStatement, at column: Int32) -> String {
        let kind =
            switch row.storageClass(at: column) {
            case .integer: "an integer"
            case .real: "a real number"
            case .blob: "a blob"
            case .text: "text"
            case .null: "null"
            }
        return "\(label) is \(kind), not text"
    }
}
