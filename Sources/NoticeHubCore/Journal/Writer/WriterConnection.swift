import CoreMetrics
import Foundation

/// What a ``JournalWriter``'s two modes share: the connection, the lock that
/// serializes it, whether the writer is closed, and what every append needs
/// (the projections of a notice's name, the guard against re-entry).
///
/// Thread safety: `isClosed` is guarded by `condition`. The connection is
/// used by one thread at a time: the leader of a group commit, a poster or
/// the flusher under the lock (open transaction), or the body of
/// ``JournalWriter/exclusively(_:)``. That discipline, kept by the modes,
/// is why the class is `@unchecked Sendable`.
final class WriterConnection: @unchecked Sendable {
    let condition = NSCondition()
    let connection: any JournalConnection
    /// The same connection as one that keeps projections' state; nil when
    /// its backend keeps none, and then the hub carries no projection.
    let projectionState: (any ProjectionJournalConnection)?
    /// The journal's location, for messages.
    let location: String
    /// The thread running a projection or an import's body now, if any.
    let callingThread = CallingThread()
    /// Set once by `close()`; appending afterwards throws.
    var isClosed = false
    /// The projections this hub carries, in order.
    let carried: [any Projection]
    private var routing: ProjectionRouting
    /// The registry generation `routing` was made from; -1 before any.
    private var registryGeneration: Int64 = -1
    /// The carried projections that handled a notice in the open
    /// transaction: their registry rows are marked current before it commits.
    private var touched: Set<String> = []
    /// The highest sequence appended in the open transaction: what its
    /// commit marks the touched projections current through.
    private var transactionHigh: Int64 = 0

    /// Where each commit's duration is reported, when metrics are.
    private let commitDuration: CoreMetrics.Timer?
    /// The hub's state observations, told which projections each commit
    /// changed.
    let stateWatch: StateWatch?

    /// Throws when `projections` is not empty and `connection` keeps no
    /// projections' state.
    init(
        _ connection: any JournalConnection, at location: String, projections: [any Projection],
        commitDuration: CoreMetrics.Timer? = nil, stateWatch: StateWatch? = nil
    ) throws {
        self.connection = connection
        self.location = location
        projectionState = connection.projectionState
        if projectionState == nil, !projections.isEmpty {
            throw JournalError.projectionStateUnsupported(location: location)
        }
        carried = projections
        routing = ProjectionRouting(carried: projections, installed: [:])
        self.commitDuration = commitDuration
        self.stateWatch = stateWatch
    }

    /// Opens an append transaction and, when the journal's projection
    /// registry moved since this writer last read it, reads it again.
    ///
    /// - Parameter lockingNow: take the backend's write lock now (a server
    ///   starts its transaction in ``ProjectionJournalConnection/transactionStore()``),
    ///   so the registry is read under it: for
    ///   transactions that append at once anyway (an open transaction, an
    ///   import). A group commit leaves it to the first append, which checks
    ///   the registry under the lock and throws
    ///   ``JournalError/projectionsChanged`` if it moved.
    func begin(lockingNow: Bool = false) throws {
        touched = []
        transactionHigh = 0
        try connection.beginAppending()
        do {
            if lockingNow { _ = try projectionState?.transactionStore() }
            try refreshRouting()
        } catch {
            connection.rollbackAppending()
            throw error
        }
    }

    /// Re-reads the registry when its generation moved (inside the open
    /// transaction, when there is one).
    func refreshRouting() throws {
        guard let projectionState else { return }
        let generation = try projectionState.projectionRegistryGeneration()
        guard generation != registryGeneration else { return }
        let installed = try projectionState.installedProjections()
        routing = ProjectionRouting(carried: carried, installed: installed)
        registryGeneration = generation
    }

    /// Marks the projections that handled notices current, then commits,
    /// and tells the state watch what changed: those projections, or any
    /// state when `changingAnyState` (an exclusive transaction: a rebuild,
    /// an import, a trim).
    func commit(changingAnyState: Bool = false) throws {
        var identities: [String] = []
        if !touched.isEmpty, let projectionState {
            identities = touched.sorted()
            touched = []
            do {
                try projectionState.markProjectionsCurrent(identities)
            } catch {
                connection.rollbackAppending()
                throw error
            }
        }
        // Told before the commit, so that the watch of other processes never
        // takes this commit for theirs; untold if it fails.
        if !identities.isEmpty { stateWatch?.committing(identities, through: transactionHigh) }
        do {
            if let commitDuration {
                let started = ContinuousClock.now
                try connection.commitAppending()
                commitDuration.record(started.duration(to: .now))
            } else {
                try connection.commitAppending()
            }
        } catch {
            if !identities.isEmpty { stateWatch?.committing(identities, through: transactionHigh, failed: true) }
            throw error
        }
        if changingAnyState {
            stateWatch?.committed(nil)
        } else if !identities.isEmpty {
            stateWatch?.committed(identities)
        }
    }

    /// Appends `record` with its name's projections, marking this thread as
    /// the one running user code meanwhile.
    func append(_ record: JournalRecord) throws -> AppendOutcome {
        let outcome = try callingThread.calling { try connection.append(record, projections: projectionsFor(record)) }
        noteAppended(outcome)
        return outcome
    }

    /// Appends `records` as one batch (``JournalConnection/appendBatch(_:projections:)``),
    /// marking this thread as the one running user code meanwhile.
    func appendBatch(_ records: [JournalRecord]) -> [Result<AppendOutcome, any Error>] {
        let outcomes = callingThread.calling { connection.appendBatch(records, projections: projectionsFor) }
        for case .success(let outcome) in outcomes { noteAppended(outcome) }
        return outcomes
    }

    private func noteAppended(_ outcome: AppendOutcome) {
        if case .appended(let sequence) = outcome { transactionHigh = max(transactionHigh, sequence) }
    }

    /// The projections a notice passes through: none for a request or a
    /// reply, which projections, like observers, never see.
    func projectionsFor(_ record: JournalRecord) -> [any Projection] {
        guard record.notice.kind == .notice else { return [] }
        let route = routing.route(for: record.notice.name)
        for identity in route.carriedIdentities { touched.insert(identity) }
        return route.projections
    }
}
