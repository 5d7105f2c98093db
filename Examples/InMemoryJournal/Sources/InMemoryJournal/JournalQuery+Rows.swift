import NoticeHub

extension JournalQuery {
    /// Whether the query selects `row` by everything but its sequence number
    /// and the limit: names (patterns included), sender, conversation, kinds
    /// and cause.
    func selects(_ row: StoredNotice) -> Bool {
        guard selects(name: row.name) else { return false }
        if let sender, row.sender != sender { return false }
        // The conversation's first notice, and every notice that belongs to it.
        if let conversation, row.id != conversation, row.conversation != conversation { return false }
        if let kinds, !kinds.contains(row.kind) { return false }
        if let cause, row.cause != cause { return false }
        return true
    }
}
