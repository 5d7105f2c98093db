/// Reading the journal: notices by query, the projections' state,
/// statistics, marks and the installed projections. Each read goes through
/// the connections the hub keeps for its life, so a read does not connect
/// anew. On an in-memory hub every method throws ``JournalError/noJournal``.
extension HubJournal {
    /// Calls `body` with each stored notice `query` selects, in sequence
    /// order, until it returns false. Payloads stay JSON until decoded. The
    /// notices are not delivered to observers (``HubJournal/replay(from:through:names:into:onUndecodable:)`` does that).
    public func read(_ query: JournalQuery, _ body: (Notice) throws -> Bool) throws {
        try withConnection { try $0.read(query, body) }
    }

    /// Runs `body` inside one read transaction over the projections' state:
    /// the tables projections own, as of one moment of the journal. Throws
    /// on a journal whose backend keeps none (not a ``ProjectionJournal``).
    public func readState<T>(_ body: (any ProjectionStore) throws -> T) throws -> T {
        try withConnection { try $0.requireProjectionState(at: location).readState(body) }
    }

    /// Counts and bounds of the journal, its durable subscribers and their lag.
    public func statistics() throws -> JournalStatistics {
        try withConnection { try $0.statistics() }
    }

    /// What the storage's own consistency check finds wrong; empty when sound.
    package func integrityProblems() throws -> [String] {
        try withConnection { try $0.integrityProblems() }
    }

    /// The highest sequence number, 0 for an empty journal.
    public func lastSequence() throws -> Int64 {
        try withConnection { try $0.lastSequence() }
    }

    /// The last sequence number a check found sound, as
    /// ``HubJournal/saveVerifiedCheckpoint(_:)`` saved it; nil when
    /// none was saved. `noticectl verify --since-checkpoint` starts after it.
    public func verifiedCheckpoint() throws -> Int64? {
        try withConnection { try $0.keptMark(.verifiedThrough) }
    }

    /// The retention policy the journal keeps
    /// (``HubJournal/setRetentionPolicy(_:)``);
    /// ``RetentionPolicy/keepEverything`` when none was set.
    public func retentionPolicy() throws -> RetentionPolicy {
        try withConnection { connection in
            RetentionPolicy(
                maxAge: try connection.keptMark(.retentionMaxAge).map { .milliseconds($0) },
                maxCount: try connection.keptMark(.retentionMaxCount),
                maxBytes: try connection.keptMark(.retentionMaxBytes),
                byName: try connection.nameRetention?.retentionRules() ?? [])
        }
    }

    /// The lowest sequence number the journal still holds or will hold: 1
    /// until a trim (``HubJournal/trim(through:leavingSubscribersBehind:leavingProjectionsBehind:batchSize:progress:)``)
    /// removes notices. A read from below it throws
    /// ``JournalError/trimmed(from:firstRetained:)``.
    public func firstRetainedSequence() throws -> Int64 {
        try withConnection { try $0.keptMark(.firstRetained) } ?? 1
    }

    /// The state each projection starts from in this journal, by identity:
    /// its tables as of the notice before the first retained one, which a
    /// trim keeps (or an import of a journal's tail loads); empty for a
    /// journal that starts from nothing or keeps no projections' state. A
    /// rebuild loads it and replays the notices after it.
    public func startingState() throws -> [ProjectionSnapshot] {
        guard try withConnection({ $0.projectionState != nil }) else { return [] }
        return try readState { try ProjectionSnapshots.starting(in: $0) }.values.sorted { $0.identity < $1.identity }
    }

    /// The projections the journal's registry holds, by identity, each
    /// marked ``InstalledProjection/isStale`` when a notice it handles was
    /// journaled after the sequence its state is current through; empty on a
    /// journal that keeps no projections' state.
    public func installedProjections() throws -> [InstalledProjection] {
        try withConnection { connection in
            guard let installed = try connection.projectionState?.installedProjections() else { return [] }
            return try installed.values.sorted { $0.identity < $1.identity }.map { projection in
                var projection = projection
                projection.isStale = try connection.hasNotices(
                    named: Set(projection.names), after: projection.currentThrough)
                return projection
            }
        }
    }

    /// The responders answering requests across processes on this journal
    /// now, in any process: those whose claims are alive. Throws
    /// ``JournalError/requestsUnsupported(location:)`` on a journal that
    /// carries no requests between processes.
    public func liveResponders() throws -> [LiveResponder] {
        try requireJournal().requireResponderClaims().liveResponders()
    }
}
