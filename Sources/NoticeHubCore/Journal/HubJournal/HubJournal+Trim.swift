import Foundation

/// What a trim did.
public struct TrimSummary: Sendable, Equatable, Codable {
    /// Notices removed by this trim.
    public var removed: Int
    /// The journal's first retained sequence now: every read starts here
    /// or later.
    public var firstRetained: Int64

    package init(removed: Int, firstRetained: Int64) {
        self.removed = removed
        self.firstRetained = firstRetained
    }
}

extension HubJournal {
    /// Notices a trim removes per transaction by default: about a
    /// millisecond of the journal's write lock with its sync, so that a
    /// poster waiting for a batch waits about as long as behind another
    /// poster's commit.
    @usableFromInline package static let trimBatchSize = 250

    /// Removes the journal's notices numbered through `sequence`, oldest
    /// first, in transactions of `batchSize` notices between which posts go
    /// on; returns how many it removed and the journal's first retained
    /// sequence.
    ///
    /// Before it removes a notice, the trim raises the journal's first
    /// retained sequence past `sequence`, in a transaction of its own: from
    /// then on a read, replay, follower or durable subscriber asked to start
    /// below it throws ``JournalError/trimmed(from:firstRetained:)`` rather
    /// than skip what is gone. Sequence numbers are never reused. A trim cut
    /// short (a crash, a kill) removed whole batches only; trimming again
    /// finishes it. The counts ``HubJournal/statistics()`` reads lose the
    /// removed notices in the transactions that remove them.
    ///
    /// The journal keeps its last notice, so `sequence` must lie below it;
    /// and a durable subscriber that has not handled the notices through
    /// `sequence` would lose them, so the trim is refused unless
    /// `leavingSubscribersBehind`.
    ///
    /// Projections keep their state, and the journal keeps each one's state
    /// as of `sequence` to start from (``HubJournal/startingState()``),
    /// written in the transaction that raises the first retained sequence:
    /// a rebuild loads it and replays the notices after it, and an export
    /// starts with it, computed as ``projectionStates(asOf:)`` does: on a
    /// SQLite journal in a scratch journal before the transaction, while
    /// posts go on (and again inside it, should the projection or the
    /// journal's starting state have changed meanwhile); on another backend
    /// by a rebuild through `sequence` inside the transaction, rolled back,
    /// so posts wait meanwhile. A projection no notice of whose names
    /// follows `sequence` is read as it stands. The
    /// hub runs the projection's code for that, so a projection the journal
    /// installs and this hub does not carry refuses the trim, unless
    /// `leavingProjectionsBehind`: it then keeps its state but can no longer
    /// be rebuilt.
    ///
    /// ```swift
    /// let summary = try hub.journal.trim(through: 1_000)
    /// // summary.firstRetained == 1_001
    /// try hub.journal.replay(from: summary.firstRetained)
    /// ```
    ///
    /// Space: after its batches the trim gives the freed pages back
    /// (``TrimmingJournalConnection/releaseFreeSpace(pages:)``), 8 MiB a
    /// transaction: a SQLite journal created by NoticeHub 0.2 or later
    /// (incremental auto-vacuum) shrinks; one created before reuses the
    /// pages for later notices, so its file stops growing. PostgreSQL's
    /// autovacuum makes the rows' space reusable. None of it takes a lock
    /// that stops posts for long.
    @discardableResult
    public func trim(
        through sequence: Int64, leavingSubscribersBehind: Bool = false, leavingProjectionsBehind: Bool = false,
        batchSize: Int = HubJournal.trimBatchSize, progress: ((TrimSummary) -> Void)? = nil
    ) throws -> TrimSummary {
        try trim(
            through: sequence, leavingSubscribersBehind: leavingSubscribersBehind,
            leavingProjectionsBehind: leavingProjectionsBehind, batchSize: batchSize, progress: progress,
            until: { false })
    }

    /// The trim, stopping between batches once `stopped` returns true: the
    /// first retained sequence is raised already, and the next trim removes
    /// what is left below it.
    func trim(
        through sequence: Int64, leavingSubscribersBehind: Bool, leavingProjectionsBehind: Bool, batchSize: Int,
        progress: ((TrimSummary) -> Void)?, until stopped: () -> Bool
    ) throws -> TrimSummary {
        guard let writer else { throw JournalError.noJournal }
        guard batchSize > 0 else { throw JournalError.trimRefused("the batch size must be positive") }
        if !leavingSubscribersBehind {
            let behind = try self.statistics().subscribers.filter { $0.cursor < sequence }
            if let first = behind.first {
                throw JournalError.trimRefused(
                    "durable subscriber \(IdentifierRules.quoted(first.name)) has handled notices through "
                        + "#\(first.cursor) only, and would lose those through #\(sequence)")
            }
        }
        // The projections' states as of `sequence`, where they can be
        // computed without the writer, before it is taken.
        let aside =
            try sequence < self.lastSequence() && sequence + 1 > self.firstRetainedSequence()
            ? statesReplayedAside(asOf: sequence) : [:]
        // Raised first, alone: no reader starts below it once a row is gone.
        let through = try writer.exclusively { connection in
            let trimming = try connection.requireTrimming()
            let last = try connection.lastSequence()
            guard sequence < last else {
                throw JournalError.trimRefused(
                    "#\(sequence) is not below the journal's last notice (#\(last)), which it keeps so that "
                        + "sequence numbers are never reused")
            }
            let marked = try trimming.mark(.firstRetained) ?? 1
            if sequence + 1 > marked {
                try Self.keepStartingState(
                    asOf: sequence,
                    states: ProjectionStates(
                        carried: writer.projections, connection: connection, aside: aside),
                    leavingProjectionsBehind: leavingProjectionsBehind)
                try trimming.setMark(.firstRetained, to: sequence + 1)
            }
            // A trim cut short before finishes with this one.
            return max(sequence, marked - 1)
        }
        guard let backend else { throw JournalError.noJournal }
        return try Self.removeBatches(
            through: through, batchSize: batchSize, connection: backend.connect(durability: .always).requireTrimming(),
            progress: progress, until: stopped)
    }

    /// Makes the installed projections' states as of `sequence` the state
    /// the journal starts from, or refuses, naming a projection this hub
    /// does not carry.
    private static func keepStartingState(
        asOf sequence: Int64, states computing: ProjectionStates, leavingProjectionsBehind: Bool
    ) throws {
        let (states, uncarried) = try computing.asOf(sequence)
        if let first = uncarried.first, !leavingProjectionsBehind {
            throw JournalError.trimRefused(
                "the journal installs projection \(IdentifierRules.quoted(first)), which this hub does not carry, "
                    + "so its state as of #\(sequence) cannot be kept and it could never be rebuilt; trim from a "
                    + "hub that carries it, or leave it behind")
        }
        guard !states.isEmpty || !uncarried.isEmpty, let projectionState = computing.connection.projectionState else {
            return
        }
        try ProjectionSnapshots.replaceStarting(with: states, in: projectionState.transactionStore())
    }

    /// Removes the notices through `through` in transactions of
    /// `batchSize`, on a connection of their own rather than the hub's
    /// writer, so that posts of this hub and of others take turns with the
    /// batches alike. After each batch it pauses for a quarter of a
    /// millisecond, long enough for a poster waiting for the journal's
    /// write lock to take it before the next batch does.
    private static func removeBatches(
        through: Int64, batchSize: Int, connection: any TrimmingJournalConnection, progress: ((TrimSummary) -> Void)?,
        until stopped: () -> Bool
    ) throws -> TrimSummary {
        var summary = TrimSummary(removed: 0, firstRetained: through + 1)
        while !stopped() {
            try connection.beginAppending()
            let removed: Int
            do {
                removed = try connection.removeNotices(through: through, limit: batchSize)
                try connection.commitAppending()
            } catch {
                connection.rollbackAppending()
                throw error
            }
            guard removed > 0 else { break }
            summary.removed += removed
            progress?(summary)
            // Longer than a waiting writer's first two tries (``BusyWait``).
            Thread.sleep(forTimeInterval: 0.000_25)
        }
        while !stopped(), try connection.releaseFreeSpace(pages: Self.pagesReleasedAtOnce) > 0 {
            Thread.sleep(forTimeInterval: 0.000_25)
        }
        return summary
    }

    /// Pages a trim gives back to the file system per transaction: 8 MiB of
    /// SQLite's 4 KiB pages, a few milliseconds of the write lock.
    static let pagesReleasedAtOnce = 2_048
}
