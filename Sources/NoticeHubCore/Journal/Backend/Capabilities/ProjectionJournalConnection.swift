/// A connection that keeps projections' state: SQL tables beside the
/// notices, written in the append transaction, and the registry of the
/// projections installed (the `projections` table of the backend's schema).
/// Its journal adopts ``ProjectionJournal``.
public protocol ProjectionJournalConnection: JournalConnection {
    /// Runs `body` inside one read transaction over the projections' state.
    func readState<T>(_ body: (any ProjectionStore) throws -> T) throws -> T
    /// The projections' store inside the open append transaction (a server
    /// backend starts its transaction, and takes its write lock, here if it
    /// has not yet): what installing, rebuilding and registering projections
    /// write through.
    func transactionStore() throws -> any ProjectionStore
    /// The registry's generation (the highest `generation` of the
    /// `projections` table, 0 when empty), called by the writer after
    /// ``JournalConnection/beginAppending()``: it re-reads the registry when
    /// the generation moved, so it never appends a notice that a projection
    /// installed by another process handles without applying or refusing it.
    /// A backend that reads it under its write lock (SQLite) answers from
    /// there; one that locks later (a server, whose first statement takes the
    /// lock) may answer with the last generation it read, and must then throw
    /// ``JournalError/projectionsChanged`` from an append that finds another
    /// under its lock.
    func projectionRegistryGeneration() throws -> Int64
    /// The projections installed in the journal, by identity: inside the
    /// open append transaction when there is one, else in a read
    /// transaction of its own.
    func installedProjections() throws -> [String: InstalledProjection]
    /// Marks these projections' state current through the journal's last
    /// notice, inside the open append transaction: the writer calls it just
    /// before ``JournalConnection/commitAppending()`` with the projections
    /// that applied notices in the transaction. A server backend may send it
    /// with the commit.
    func markProjectionsCurrent(_ identities: [String]) throws
    /// How many ordinary notices named one of `names` (literal names) are
    /// numbered through `sequence`, read in the open append transaction: a
    /// rebuild's total, for its progress.
    func noticeCount(named names: Set<NoticeName>, through sequence: Int64) throws -> Int64
    /// Runs a rebuild's `body`, which rewrites projections' tables inside
    /// the open append transaction, with the storage's settings for such
    /// work (a larger page cache, say), set back afterwards. The default
    /// runs `body` as it is.
    func rebuilding<T>(_ body: () throws -> T) throws -> T
}

extension ProjectionJournalConnection {
    /// Reads the registry's `projections` table through
    /// ``transactionStore()`` while appending, else through ``readState(_:)``.
    public func installedProjections() throws -> [String: InstalledProjection] {
        try isAppending
            ? ProjectionRegistry.all(in: transactionStore())
            : readState { try ProjectionRegistry.all(in: $0) }
    }

    /// Updates the projections' rows of the registry through
    /// ``transactionStore()``, one statement.
    public func markProjectionsCurrent(_ identities: [String]) throws {
        try ProjectionRegistry.markCurrent(identities, in: transactionStore())
    }

    /// Runs `body` as it is.
    public func rebuilding<T>(_ body: () throws -> T) throws -> T {
        try body()
    }
}
