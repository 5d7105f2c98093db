/// A journal whose connections keep projections' state
/// (``ProjectionJournalConnection``), and which gives a scratch journal to
/// apply a projection's notices again in: for
/// ``HubJournal/projectionDifferences(_:)``,
/// ``HubJournal/withScratchReplay(of:_:)`` and the states a trim keeps.
public protocol ProjectionJournal: NoticeJournal {
    /// Runs `body` with a new, empty journal that keeps projections' state,
    /// private to the call, whose SQL dialect runs the projections of this
    /// journal (the embedded SQLite for both built-in backends), and removes
    /// it afterwards.
    func withScratchJournal<T>(_ body: (any ProjectionJournal) throws -> T) throws -> T
}
