extension HubJournal {
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

    /// Removes an installed projection from the journal, in one transaction:
    /// drops the tables its ``Projection/schema`` declares, forgets the
    /// state the journal starts from for it, and takes it out of the
    /// registry, so that posts of its names no longer need it and
    /// ``HubJournal/installedProjections()`` no longer lists it. The
    /// notices stay. Returns false, changing nothing, when the journal has
    /// not installed it.
    ///
    /// Call it on a hub opened without the projection (a hub that carries
    /// it throws ``JournalError/projectionUnusable(projection:problem:)``),
    /// once no other process runs one that carries it: such a hub would
    /// apply it to tables that are gone, and its posts of those names would
    /// fail. Opening a hub with it later installs it anew and builds its
    /// state from the journal's notices, unless the journal has been
    /// trimmed: the state the journal starts from for it goes with it, and
    /// the notices before the journal's start are gone. A projection whose
    /// declaration knows fewer migrations than the journal applied throws
    /// ``JournalError/projectionUnusable(projection:problem:)``, since it may
    /// not name every table they made.
    ///
    /// ```swift
    /// let shop = try NoticeHub(journal: SQLiteJournal(path: path))   // without StockProjection
    /// try shop.journal.removeProjection(StockProjection())
    /// ```
    @discardableResult
    public func removeProjection(_ projection: any Projection) throws -> Bool {
        guard let writer else { throw JournalError.noJournal }
        return try writer.removeProjection(projection)
    }
}
