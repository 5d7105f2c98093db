import Foundation

extension NoticeHub {
    /// Runs `body` on a scratch hub that carries `projection` alone (a
    /// SQLite journal in a temporary directory, removed afterwards), with
    /// the notices it refused. Its tables hold the state that `start`, if
    /// any (upcast when an earlier version of the projection made it), and
    /// this journal's notices of the projection's names after it, through
    /// `last` (all of them with nil), applied as journaled, give. The
    /// scratch journal holds no notices, and this hub's writer is not used:
    /// posts go on meanwhile.
    func withScratchState<T>(
        of projection: any Projection, from start: ProjectionSnapshot?, through last: Int64?,
        _ body: (NoticeHub, ProjectionInstaller.Refusals) throws -> T
    ) throws -> T {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("noticehub-scratch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let scratch = try NoticeHub(
            journal: SQLiteJournal(path: directory.appendingPathComponent("replay.sqlite").path),
            durability: .never, projections: [projection])
        defer { try? scratch.close() }
        guard let writer = scratch.writer else { throw JournalError.noJournal }
        let source = journal
        let refusals = try writer.exclusively { connection in
            let installer = try ProjectionInstaller(connection)
            let restoreCache = try installer.enlargeSQLiteCache()
            defer { restoreCache() }
            if let start {
                _ = try ProjectionSnapshots.start(projection, from: start, in: installer.store)
            }
            var refusals = ProjectionInstaller.Refusals(limit: .max)
            _ = try installer.replay(
                projection, from: start?.through ?? 0, through: last, readingWith: source.read, refusals: &refusals)
            return refusals
        }
        return try body(scratch, refusals)
    }
}
