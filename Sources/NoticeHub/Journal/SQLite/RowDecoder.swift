/// Turns journal rows into notices without re-validating what the journal
/// already validated, and without allocating for what repeats: a journal
/// holds a few names and senders millions of times, so the last few seen are
/// recognized by their bytes and reused.
struct RowDecoder {
    private var names = RecentIdentifiers<NoticeName>()
    private var senders = RecentIdentifiers<Sender>()

    /// Columns: seq, id, name, sender, payload, posted_at.
    mutating func notice(from row: SQLiteStatement) -> Notice {
        let name = row.withTextBytes(at: 2) { bytes in
            names.lookup(bytes) { NoticeName(trusted: $0) }
        }
        let sender: Sender? = row.isNull(at: 3) ? nil : row.withTextBytes(at: 3) { bytes in
            senders.lookup(bytes) { Sender(trusted: $0) }
        }
        let id = row.withTextBytes(at: 1) { NoticeID(utf8: $0) } ?? NoticeID.next()
        return Notice(
            id: id, name: name, sender: sender, postedAtMilliseconds: row.int64(at: 5),
            payload: .json(row.string(at: 4) ?? "{}"), sequence: row.int64(at: 0))
    }
}

/// The last few identifiers met, matched by their UTF-8 bytes.
private struct RecentIdentifiers<Identifier> {
    private var entries: [(bytes: [UInt8], identifier: Identifier)] = []
    private var next = 0
    private static var capacity: Int { 16 }

    mutating func lookup(_ bytes: UnsafeRawBufferPointer, make: (String) -> Identifier) -> Identifier {
        for entry in entries where entry.bytes.count == bytes.count {
            if entry.bytes.withUnsafeBytes({ $0.elementsEqual(bytes) }) { return entry.identifier }
        }
        let identifier = make(String(decoding: bytes, as: UTF8.self))
        let entry = (Array(bytes), identifier)
        if entries.count < Self.capacity {
            entries.append(entry)
        } else {
            entries[next] = entry
            next = (next + 1) % Self.capacity
        }
        return identifier
    }
}
