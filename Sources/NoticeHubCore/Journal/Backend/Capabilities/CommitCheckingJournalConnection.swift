/// A connection that can lose its storage in the middle of a commit (a
/// server's connection cut) and then tells whether the commit happened:
/// a backend that reports ``LostConnection/duringCommit`` adopts it.
public protocol CommitCheckingJournalConnection: JournalConnection {
    /// The sequence numbers of those of `ids` the journal holds, outside any
    /// append transaction. A hub's writer asks after a failure that reports
    /// ``LostConnection/duringCommit``, to learn whether the cut-off commit
    /// happened.
    func storedSequences(of ids: [NoticeID]) throws -> [NoticeID: Int64]
}
