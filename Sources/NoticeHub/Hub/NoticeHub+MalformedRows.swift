/// The journal's rows that the library would refuse (see
/// ``JournalQuery/checksRows``): how many, and the first few.
public struct MalformedRows: Sendable, Equatable {
    /// Every malformed row of the journal.
    public var count = 0
    /// The first of them, in sequence order, each naming its row and its
    /// first problem (``JournalError/malformedRow(sequence:problem:)``).
    public var listed: [JournalError] = []
}

extension NoticeHub {
    /// Checks every journaled row as an export would (see
    /// ``JournalQuery/checksRows``), for `noticectl verify`: counts the rows
    /// edited behind the library's back into something it would refuse, and
    /// lists the first `limit` of them. Reads the whole journal.
    public func journalMalformedRows(limit: Int = 20) throws -> MalformedRows {
        let connection = try requireJournal().connect(durability: .always)
        var query = JournalQuery(from: 1, through: try connection.lastSequence())
        query.checksRows = true
        var found = MalformedRows()
        while true {
            do {
                try connection.read(query) { _ in true }
                return found
            } catch JournalError.malformedRow(let sequence, let problem) {
                found.count += 1
                if found.listed.count < limit {
                    found.listed.append(.malformedRow(sequence: sequence, problem: problem))
                }
                query.from = sequence + 1
            }
        }
    }
}
