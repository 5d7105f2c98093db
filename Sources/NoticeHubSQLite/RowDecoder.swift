import Foundation
import NoticeSQLite
import NoticeHubCore

/// Turns journal rows into notices without re-validating what the journal
/// already validated, and without allocating for what repeats: a journal
/// holds a few names and senders millions of times, by their codes, which
/// this read turns into names and senders once each.
struct RowDecoder {
    private let journal: SQLiteJournalConnection
    private var names = ReadCodes<NoticeNameKind>()
    private var senders = ReadCodes<SenderKind>()

    /// The columns `notice(from:isReplay:)` reads, in order.
    static let columns = "seq, id, name_code, sender_code, payload, conversation, extra"

    /// Decodes rows read on `journal`'s connection.
    init(journal: SQLiteJournalConnection) {
        self.journal = journal
    }

    /// Reads a row of `columns`. A row whose id is not a UUID's 16 bytes is refused: a
    /// fresh id would differ on every read, and an import of two exports
    /// would hold the notice twice; so is one whose conversation or extra
    /// fields the library could not have written, or whose name or sender
    /// code stands for nothing.
    mutating func notice(from row: SQLiteStatement, isReplay: Bool) throws(JournalError) -> Notice {
        guard let id = row.noticeID(at: 1) else { throw Self.malformedID(in: row) }
        guard let name = try names.text(row.int64(at: 2), from: journal.nameCodes, on: journal.connection) else {
            throw Self.unknownCode(in: row, column: 2)
        }
        var sender: Sender?
        if !row.isNull(at: 3) {
            sender = try senders.text(row.int64(at: 3), from: journal.senderCodes, on: journal.connection)
            if sender == nil { throw Self.unknownCode(in: row, column: 3) }
        }
        var conversation: NoticeID?
        if !row.isNull(at: 5) {
            guard let stored = row.noticeID(at: 5) else { throw Self.malformedConversation(in: row) }
            conversation = stored
        }
        // An ordinary notice: one NULL test, nothing to parse.
        let extra = row.isNull(at: 6) ? RowExtra() : try Self.extra(in: row)
        return Notice(
            id: id, name: name, sender: sender,
            postedAtMilliseconds: extra.postedAt ?? id.milliseconds,
            payload: row.isNull(at: 4) ? .empty : .jsonUTF8(row.withTextBytes(at: 4) { Array($0) }),
            sequence: row.int64(at: 0), isReplay: isReplay, kind: extra.kind,
            links: NoticeLinks(conversation: conversation, cause: extra.cause), version: extra.version,
            metadata: extra.metadata)
    }

    /// The `extra` column of a row that has one (column 6).
    static func extra(in row: SQLiteStatement) throws(JournalError) -> RowExtra {
        switch extraResult(in: row) {
        case .success(let extra): return extra
        case .failure(let problem): throw .malformedRow(sequence: row.int64(at: 0), problem: problem.description)
        }
    }

    /// The `extra` column read back, or what is wrong with it.
    static func extraResult(in row: SQLiteStatement) -> Result<RowExtra, RowProblem> {
        guard row.storageClass(at: 6) == .text else {
            return .failure(RowProblem(RowValue.notText("extra", in: row, at: 6)))
        }
        return row.withTextBytes(at: 6) { bytes in
            Result { () throws(RowProblem) in try RowExtra(stored: bytes) }
        }
    }
}

extension RowDecoder {
    /// The error for a row whose name code (column 2) or sender code (3)
    /// is in no row of its table.
    @inline(never)
    static func unknownCode(in row: SQLiteStatement, column: Int32) -> JournalError {
        .malformedRow(sequence: row.int64(at: 0), problem: unknownCodeProblem(in: row, column: column))
    }

    /// What is wrong with a name code (column 2) or sender code (3) found
    /// in no row of `notice_names` or `notice_senders`.
    static func unknownCodeProblem(in row: SQLiteStatement, column: Int32) -> String {
        let (label, table) = column == 2 ? ("name_code", "notice_names") : ("sender_code", "notice_senders")
        return "\(label) \(row.int64(at: column)) is in no row of \(table)"
    }

    /// The error for a row whose id does not parse: off the fast path.
    @inline(never)
    static func malformedID(in row: SQLiteStatement) -> JournalError {
        .malformedRow(sequence: row.int64(at: 0), problem: idProblem(in: row))
    }

    /// The error for a row whose conversation (column 5) is neither NULL
    /// nor a UUID's 16 bytes.
    @inline(never)
    static func malformedConversation(in row: SQLiteStatement) -> JournalError {
        .malformedRow(sequence: row.int64(at: 0), problem: conversationProblem(in: row))
    }

    /// What is wrong with a conversation column that holds no UUID.
    static func conversationProblem(in row: SQLiteStatement) -> String {
        idProblem(in: row, column: 5, label: "conversation")
    }

    /// What is wrong with the row's id, once it is known not to parse.
    static func idProblem(in row: SQLiteStatement) -> String {
        idProblem(in: row, column: 1, label: "id")
    }

    /// What is wrong with an id column that holds no UUID's 16 bytes: the
    /// text of one (as journals stored ids before schema 10) is told apart
    /// from anything else.
    private static func idProblem(in row: SQLiteStatement, column: Int32, label: String) -> String {
        let isUUIDText =
            row.storageClass(at: column) == .text && row.withTextBytes(at: column) { NoticeID(utf8: $0) } != nil
        let problem = isUUIDText ? "is a UUID's text, not its 16 bytes" : "is not a UUID"
        return "\(label) \(RowValue.quoted(row, at: column)) \(problem)"
    }
}

/// The names or senders one read met, by code: a code's text is looked up
/// once per read at most, and read back from an array after.
struct ReadCodes<Kind: IdentifierKind> {
    private var texts: [Identifier<Kind>?] = []
    /// Codes above this are looked up each time: only a row edited behind
    /// the journal's back holds one, since codes count from 1.
    private static var arrayLimit: Int64 { 4096 }

    mutating func text(
        _ code: Int64, from codes: TextCodes<Kind>, on connection: SQLiteConnection
    ) throws(JournalError) -> Identifier<Kind>? {
        if code >= 0, code < texts.count, let text = texts[Int(code)] { return text }
        let text: Identifier<Kind>?
        do {
            text = try codes.text(for: code, on: connection)
        } catch let error as SQLiteError {
            throw .storage(StorageFailure(error.description, underlying: error))
        } catch {
            throw .storage(StorageFailure("\(error)", underlying: error))
        }
        if let text, code >= 0, code < Self.arrayLimit {
            if code >= texts.count { texts += Array(repeating: nil, count: Int(code) - texts.count + 1) }
            texts[Int(code)] = text
        }
        return text
    }
}
