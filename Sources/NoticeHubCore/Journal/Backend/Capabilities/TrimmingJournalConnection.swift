/// A connection that keeps ``JournalMark``s and removes the oldest notices:
/// trims, retention policies and verified checkpoints need it.
public protocol TrimmingJournalConnection: JournalConnection {
    /// A mark the journal keeps about itself; nil when it was never set,
    /// read in the snapshot of the open transaction, if there is one.
    func mark(_ mark: JournalMark) throws -> Int64?
    /// Sets `mark` inside the open append transaction; nil removes it.
    func setMark(_ mark: JournalMark, to value: Int64?) throws
    /// Removes the oldest notices numbered through `sequence`, at most
    /// `limit` of them, inside the open append transaction, and takes them
    /// off the counts ``JournalConnection/statistics()`` reads; returns how
    /// many it removed (0 when none is left). The caller has raised
    /// ``JournalMark/firstRetained`` past `sequence` first, in the same or
    /// an earlier transaction. The connection refuses, in
    /// ``JournalConnection/read(_:_:)``, a query whose ``JournalQuery/from``
    /// lies below that mark, with ``JournalError/trimmed(from:firstRetained:)``,
    /// judged in the snapshot the read's rows come from.
    func removeNotices(through sequence: Int64, limit: Int) throws -> Int
    /// Gives up to `pages` of the storage's free space back to the file
    /// system, outside any open transaction, holding the write lock briefly;
    /// returns how many pages it gave back (0 when there is nothing to give
    /// or the storage cannot). A trim calls it after removing notices, until
    /// it returns 0. The default gives nothing back.
    func releaseFreeSpace(pages: Int) throws -> Int
}

extension TrimmingJournalConnection {
    /// 0: the storage keeps its free space.
    public func releaseFreeSpace(pages: Int) throws -> Int { 0 }
}
