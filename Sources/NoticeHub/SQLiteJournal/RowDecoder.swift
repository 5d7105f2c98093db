import Foundation
import NoticeSQLite

/// Turns journal rows into notices without re-validating what the journal
/// already validated, and without allocating for what repeats: a journal
/// holds a few names and senders millions of times, so the last few seen are
/// recognized by their bytes and reused.
struct RowDecoder {
    private var names = RecentIdentifiers<NoticeName>()
    private var senders = RecentIdentifiers<Sender>()

    /// Columns: seq, id, name, sender, payload, posted_at. A row whose id is
    /// not a UUID is refused: a fresh id would differ on every read, and an
    /// import of two exports would hold the notice twice.
    mutating func notice(from row: SQLiteStatement, isReplay: Bool) throws(JournalError) -> Notice {
        guard let id = row.withTextBytes(at: 1, { NoticeID(utf8: $0) }) else { throw Self.malformedID(in: row) }
        let name = row.withTextBytes(at: 2) { bytes in
            names.lookup(bytes) { NoticeName(trusted: String(decoding: $0, as: UTF8.self)) }
        }
        let sender: Sender? = row.isNull(at: 3) ? nil : row.withTextBytes(at: 3) { bytes in
            senders.lookup(bytes) { Sender(trusted: String(decoding: $0, as: UTF8.self)) }
        }
        return Notice(
            id: id, name: name, sender: sender, postedAtMilliseconds: row.int64(at: 5),
            payload: row.isNull(at: 4) ? .empty : .jsonUTF8(row.withTextBytes(at: 4) { Array($0) }),
            sequence: row.int64(at: 0), isReplay: isReplay)
    }
}

extension RowDecoder {
    /// The error for a row whose id does not parse: off the fast path.
    @inline(never)
    static func malformedID(in row: SQLiteStatement) -> JournalError {
        .malformedRow(sequence: row.int64(at: 0), problem: idProblem(in: row))
    }

    /// What is wrong with the row's id, once it is known not to parse.
    static func idProblem(in row: SQLiteStatement) -> String {
        "id \(RowValue.quoted(row, at: 1)) is not a UUID"
    }
}
