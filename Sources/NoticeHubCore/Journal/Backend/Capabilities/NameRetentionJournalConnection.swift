/// A trimming connection that also keeps retention rules by name
/// (``RetentionPolicy/byName``) and removes notices from among others,
/// recording the numbers they leave so that a check of the journal tells
/// those holes from rows deleted behind its back.
public protocol NameRetentionJournalConnection: TrimmingJournalConnection {
    /// Removes the oldest notices named `name` numbered through `sequence`,
    /// at most `limit` of them, inside the open append transaction: takes
    /// them off the counts ``JournalConnection/statistics()`` reads and
    /// records their sequence numbers as removed
    /// (``removedSequences(overlapping:)``). Returns how many it removed, 0
    /// when none is left. A trim forgets the numbers it leaves behind.
    func removeNotices(named name: NoticeName, through sequence: Int64, limit: Int) throws -> Int
    /// Removes those of `sequences` that number notices named `name`, as
    /// ``removeNotices(named:through:limit:)`` does; returns how many.
    func removeNotices(named name: NoticeName, sequences: [Int64]) throws -> Int
    /// How many of the sequence numbers in `range` belong to notices that
    /// ``removeNotices(named:through:limit:)`` removed.
    func removedNoticeCount(in range: ClosedRange<Int64>) throws -> Int64
    /// The runs of those numbers that overlap `range`, in order, cut to it.
    func removedSequences(overlapping range: ClosedRange<Int64>) throws -> [ClosedRange<Int64>]
    /// The journal's rules by name, in the order of their patterns.
    func retentionRules() throws -> [NameRetention]
    /// Replaces the rules by name inside the open append transaction.
    func setRetentionRules(_ rules: [NameRetention]) throws
}
