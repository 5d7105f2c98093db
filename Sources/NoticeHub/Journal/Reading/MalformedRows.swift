/// The journal's rows that the library would refuse (see
/// ``JournalQuery/checksRows``), or that `noticectl import` would: how
/// many, and the first few; and the sequence numbers missing between rows.
public struct MalformedRows: Sendable, Equatable {
    /// Every malformed row of the journal.
    public var count = 0
    /// The first of them, in sequence order, each naming its row and its
    /// first problem (``JournalError/malformedRow(sequence:problem:)``).
    public var listed: [JournalError] = []
    /// Every run of sequence numbers no row holds: the journal numbers its
    /// notices from 1 without a gap, so rows were deleted behind its back.
    public var gapCount = 0
    /// The first of those runs, in order, as many as rows are listed.
    public var gaps: [ClosedRange<Int64>] = []

    /// Whether the journal holds neither a malformed row nor a gap.
    public var isEmpty: Bool { count == 0 && gapCount == 0 }
}
