/// Turns journal rows into notices, without re-validating what the journal
/// already validated, and reusing the names it has seen (a journal repeats a
/// few names millions of times).
struct RowDecoder {
    private var names: [String: NoticeName] = [:]
    private var senders: [String: Sender] = [:]

    /// Columns: seq, id, name, sender, payload, posted_at.
    mutating func notice(from row: SQLiteStatement) -> Notice {
        let nameText = row.string(at: 2) ?? ""
        let name = names[nameText] ?? remember(NoticeName(trusted: nameText))
        var sender: Sender?
        if let senderText = row.string(at: 3) {
            sender = senders[senderText] ?? remember(Sender(trusted: senderText))
        }
        let id = row.string(at: 1).flatMap(NoticeID.init) ?? NoticeID.next()
        return Notice(
            id: id, name: name, sender: sender, postedAtMilliseconds: row.int64(at: 5),
            payload: .json(row.string(at: 4) ?? "{}"), sequence: row.int64(at: 0))
    }

    private mutating func remember(_ name: NoticeName) -> NoticeName {
        if names.count > 10_000 { names.removeAll() }
        names[name.rawValue] = name
        return name
    }

    private mutating func remember(_ sender: Sender) -> Sender {
        if senders.count > 10_000 { senders.removeAll() }
        senders[sender.rawValue] = sender
        return sender
    }
}
