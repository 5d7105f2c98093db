extension NoticeHub {
    /// Runs `body` on a scratch hub that carries `projection` alone (on the
    /// backend's scratch journal, ``ProjectionJournal/withScratchJournal(_:)``),
    /// with the notices it refused. Its tables hold the state that `start`,
    /// if any (upcast when an earlier version of the projection made it), and
    /// this journal's notices of the projection's names after it, through
    /// `last` (all of them with nil), applied as journaled, give. The
    /// scratch journal holds no notices, and this hub's writer is not used:
    /// posts go on meanwhile.
    func withScratchState<T>(
        of projection: any Projection, from start: ProjectionSnapshot?, through last: Int64?,
        _ body: (NoticeHub, ProjectionInstaller.Refusals) throws -> T
    ) throws -> T {
        let backend = try requireJournal()
        guard let projectionJournal = backend as? any ProjectionJournal else {
            throw JournalError.projectionStateUnsupported(location: backend.location)
        }
        let source = journal
        return try projectionJournal.withScratchJournal { scratchJournal in
            let scratch = try NoticeHub(journal: scratchJournal, durability: .never, projections: [projection])
            defer { try? scratch.close() }
            guard let writer = scratch.writer else { throw JournalError.noJournal }
            let refusals = try writer.exclusively { connection in
                let installer = try ProjectionInstaller(connection.requireProjectionState(at: scratchJournal.location))
                return try installer.connection.rebuilding {
                    if let start {
                        _ = try ProjectionSnapshots.start(projection, from: start, in: installer.store)
                    }
                    var refusals = ProjectionInstaller.Refusals(limit: .max)
                    _ = try installer.replay(
                        projection, from: start?.through ?? 0, through: last, readingWith: source.read,
                        refusals: &refusals)
                    return refusals
                }
            }
            return try body(scratch, refusals)
        }
    }
}
