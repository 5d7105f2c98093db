extension NoticeHub {
    /// The projections the journal's registry holds, by identity, each
    /// marked ``InstalledProjection/isStale`` when a notice it handles was
    /// journaled after the sequence its state is current through.
    public func installedProjections() throws -> [InstalledProjection] {
        let connection = try requireJournal().connect(durability: .always)
        let installed = try connection.installedProjections()
        return try installed.values.sorted { $0.identity < $1.identity }.map { projection in
            var projection = projection
            projection.isStale = try connection.hasNotices(
                named: Set(projection.names), after: projection.currentThrough)
            return projection
        }
    }

    /// The projections this hub carries, in the order given to `init`.
    public var projections: [any Projection] { writer?.projections ?? [] }

    /// Rebuilds the carried projection `identity` from the whole journal:
    /// empties its tables and replays every notice of its names through it,
    /// in batches, calling `progress` after each. One transaction: posting
    /// waits until it commits, and readers see the old state until then.
    @discardableResult
    public func rebuildProjection(
        _ identity: String, progress: ((RebuildProgress) -> Void)? = nil
    ) throws -> ProjectionRebuild {
        guard let writer else { throw JournalError.noJournal }
        return try writer.rebuildProjection(identity, progress: progress)
    }
}
