extension NoticeHub {
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
