import NoticeHub

/// Where `tail -n N` starts: the sequence number of the first of the last N
/// notices a query selects.
enum TailStart {
    /// For a query without filters the journal's gapless numbering gives it
    /// at once; with filters, the selected notices are read once, keeping
    /// the last N sequence numbers. N = 0 starts after the journal's end.
    static func ofLast(_ count: Int, selectedBy query: JournalQuery, in hub: NoticeHub) throws -> Int64 {
        let end = try hub.journal.lastSequence()
        guard count > 0 else { return end + 1 }
        if query.names == nil, query.sender == nil, query.conversation == nil {
            return max(query.from, end - Int64(count) + 1)
        }
        var unlimited = query
        unlimited.limit = nil
        unlimited.through = end
        var kept: [Int64] = []
        kept.reserveCapacity(count)
        var next = 0
        try hub.journal.read(unlimited) { notice in
            guard let sequence = notice.sequence else { return true }
            if kept.count < count { kept.append(sequence) } else { kept[next] = sequence }
            next = (next + 1) % count
            return true
        }
        guard kept.count == count else { return kept.first ?? end + 1 }
        return kept[next]
    }
}
