import Foundation

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
            names.lookup(bytes) { NoticeName(trusted: $0) }
        }
        let sender: Sender? = row.isNull(at: 3) ? nil : row.withTextBytes(at: 3) { bytes in
            senders.lookup(bytes) { Sender(trusted: $0) }
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
        .malformedRow(sequence: row.int64(at: 0), problem: "id \(RowValue.quoted(row, at: 1)) is not a UUID")
    }
}

/// The last few identifiers met, matched by their UTF-8 bytes.
private struct RecentIdentifiers<Identifier> {
    private var entries: [(bytes: [UInt8], identifier: Identifier)] = []
    private var next = 0
    /// The entry that matched last: a journal's rows mostly repeat it.
    private var lastHit = 0
    private static var capacity: Int { 16 }

    mutating func lookup(_ bytes: UnsafeRawBufferPointer, make: (String) -> Identifier) -> Identifier {
        if lastHit < entries.count && Self.matches(entries[lastHit].bytes, bytes) {
            return entries[lastHit].identifier
        }
        for index in entries.indices where Self.matches(entries[index].bytes, bytes) {
            lastHit = index
            return entries[index].identifier
        }
        let identifier = make(String(decoding: bytes, as: UTF8.self))
        let entry = (Array(bytes), identifier)
        if entries.count < Self.capacity {
            lastHit = entries.count
            entries.append(entry)
        } else {
            lastHit = next
            entries[next] = entry
            next = (next + 1) % Self.capacity
        }
        return identifier
    }

    private static func matches(_ known: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
        known.count == bytes.count && known.withUnsafeBytes { known in
            known.count == 0 || memcmp(known.baseAddress!, bytes.baseAddress!, known.count) == 0
        }
    }
}
