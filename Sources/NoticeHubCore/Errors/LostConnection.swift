/// Where an append stood when a server backend lost its connection, as
/// ``StorageFailure/lostConnection`` reports it.
///
/// A hub's durable writer (``Durability/always``) retries such an append on a
/// new connection, with the same notice ids, for up to ten seconds: a
/// notice is then journaled once,
/// or its poster gets one error saying which of the two it may assume.
public enum LostConnection: Sendable, Equatable {
    /// The connection was lost before the commit was sent: the server rolled
    /// the transaction back, and nothing of it was journaled.
    case beforeCommit
    /// The connection was lost after the commit was sent and before its
    /// answer came: the transaction may have committed or not. The writer
    /// finds out by looking the notices up by id
    /// (``CommitCheckingJournalConnection/storedSequences(of:)``).
    case duringCommit
}
