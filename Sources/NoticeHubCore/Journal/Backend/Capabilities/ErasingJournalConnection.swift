/// A connection that erases the notices carrying an ``ErasureKey``: it
/// deletes their rows, takes them off the counts and records their numbers
/// as erased, beside those retention by name removed, so that a check of
/// the journal tells both from rows deleted behind its back and says which
/// were erased.
public protocol ErasingJournalConnection: NameRetentionJournalConnection {
    /// Deletes the notices whose payload carries `key`, of every name the
    /// journal counts or of those `names` matches, inside the open append
    /// transaction, whatever their number: takes them off the counts
    /// ``JournalConnection/statistics()`` reads, records their numbers as
    /// erased (``erasedNoticeCount(in:)``, and among
    /// ``NameRetentionJournalConnection/removedSequences(overlapping:)``),
    /// inside ``overwritingDeletedBytes(_:)``. Returns
    /// their sequence numbers by name, each in order; a name of which it
    /// erased none is left out.
    func eraseNotices(carrying key: ErasureKey, names: NoticeName?) throws -> [NoticeName: [Int64]]
    /// How many of the sequence numbers in `range` belong to notices that
    /// ``eraseNotices(carrying:names:)`` erased.
    func erasedNoticeCount(in range: ClosedRange<Int64>) throws -> Int64
    /// Outside any transaction, after an erasure committed: drops the other
    /// copies the storage keeps of the bytes it overwrote, where it can
    /// without waiting for readers. The default does nothing.
    func scrubErasedBytes() throws
    /// Runs an erasure's `body`, which deletes notices and rebuilds
    /// projections inside the open append transaction, with the storage
    /// set to overwrite the bytes of what it deletes where it can
    /// (SQLite's `secure_delete`), set back afterwards. The default runs
    /// `body` as it is.
    func overwritingDeletedBytes<T>(_ body: () throws -> T) throws -> T
}

extension ErasingJournalConnection {
    /// Nothing: the storage keeps no other copy of erased bytes that it
    /// could drop.
    public func scrubErasedBytes() throws {}

    /// Runs `body` as it is: the storage overwrites nothing it deletes.
    public func overwritingDeletedBytes<T>(_ body: () throws -> T) throws -> T {
        try body()
    }
}
