import NoticeHub

/// `tail --sender` without a name or conversation: senders have no index,
/// so the journal is read in order, a window of sequence numbers at a time,
/// with a status line on a terminal saying how far the scan has come.
struct SenderScan {
    /// Sequence numbers read per window, between redraws of the status.
    static let window: Int64 = 250_000

    let hub: NoticeHub
    let query: JournalQuery
    let format: NoticeFormat

    func run() throws {
        let last = try hub.journal.lastSequence()
        let progress = ProgressLine()
        defer { progress.finish() }
        var window = query
        var left = query.limit ?? Int.max
        while window.from <= last, left > 0 {
            window.through = min(window.from + Self.window - 1, query.through ?? last)
            window.limit = left == Int.max ? nil : left
            try hub.journal.read(window) { notice in
                progress.finish()
                print(try format.line(for: notice))
                try StandardOutput.check()
                left -= 1
                return true
            }
            guard let through = window.through, through < (query.through ?? last) else { break }
            window.from = through + 1
            progress.show("scanned #\(through) of #\(last)")
        }
    }
}
