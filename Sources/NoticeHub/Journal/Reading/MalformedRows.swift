/// The journal's rows that the library would refuse (see
/// ``JournalQuery/checksRows``): how many, and the first few.
public struct MalformedRows: Sendable, Equatable {
    /// Every malformed row of the journal.
    public var count = 0
    /// The first of them, in sequence order, each naming its row and its
    /// first problem (``JournalError/malformedRow(sequence:problem:)``).
    public var listed: [JournalError] = []
}
