import Foundation
import Logging

/// Appends a hub's notices to its journal, under the hub's ``Durability``:
/// by group commit for `always` (``GroupCommit``), inside an open
/// transaction for `batched` and `never` (``OpenTransaction``). Both modes
/// share one connection, its lock and the closed state
/// (``WriterConnection``); this facade adds what every append checks first
/// and what runs alone: ``exclusively(_:)``, ``flush()`` and ``close()``.
///
/// Projections and an import's body run while the writer holds its lock or
/// leads a commit; ``WriterConnection/callingThread`` marks their thread so
/// that a write they make back through this writer throws
/// ``JournalError/reentrant`` instead of waiting forever for itself.
final class JournalWriter: Sendable {
    private enum Mode: Sendable {
        case groupCommit(GroupCommit)
        case openTransaction(OpenTransaction)
    }

    let payloadLimit: Int
    /// Sequences this writer appended, kept only while a follower asks, so the
    /// follower can skip what the hub already delivered live.
    let ownSequences = OwnSequences()
    private let shared: WriterConnection
    private let mode: Mode
    private let logger: Logger

    init(
        journal: any NoticeJournal, durability: Durability, projections: [any Projection], payloadLimit: Int,
        logger: Logger, metrics: HubMetrics?, stateWatch: StateWatch? = nil
    ) throws {
        shared = try WriterConnection(
            try journal.connect(durability: durability), at: journal.location, projections: projections,
            commitDuration: metrics?.commitDuration, stateWatch: stateWatch)
        self.payloadLimit = payloadLimit
        self.logger = logger
        mode =
            switch durability {
            case .always: .groupCommit(GroupCommit(shared, logger: logger))
            case .batched(let maxDelay): .openTransaction(OpenTransaction(shared, maxDelay: maxDelay.clampedForWaiting))
            case .never: .openTransaction(OpenTransaction(shared, maxDelay: .milliseconds(100)))
            }
    }

    /// The journal's location, for messages.
    var location: String { shared.location }

    deinit {
        try? close()
    }

    /// Appends `record` under the hub's durability; returns its outcome.
    func append(_ record: JournalRecord) throws -> AppendOutcome {
        let outcome: AppendOutcome
        do {
            try refuseReentry()
            // What the commit changed is read again on the way out, outside
            // the lock (and never from inside a projection this writer runs).
            defer { shared.stateWatch?.refreshPending() }
            try checkPayloadSize(record)
            outcome =
                switch mode {
                case .groupCommit(let groupCommit): try groupCommit.append(record)
                case .openTransaction(let openTransaction): try openTransaction.append(record)
                }
        } catch {
            logRefusal(of: record.notice, error)
            throw error
        }
        ownSequences.insert(outcome.sequence)
        return outcome
    }

    /// Tells the logger, at debug level, that a post was refused and why;
    /// the notice's id, name and sender, never its payload.
    @inline(never)
    private func logRefusal(of notice: Notice, _ error: any Error) {
        logger.debug(
            "a post was refused",
            metadata: [
                "notice": "\(notice.id)", "name": "\(notice.name)", "sender": "\(notice.sender?.rawValue ?? "")",
                "error": "\(error)",
            ])
    }

    /// The projections the hub carries.
    var projections: [any Projection] { shared.carried }

    /// Whether ``close()`` was called.
    var isClosed: Bool {
        shared.condition.lock()
        defer { shared.condition.unlock() }
        return shared.isClosed
    }

    /// Commits what is pending and stops the flusher; durable posts already
    /// queued are committed before it returns. Appending after close throws.
    func close() throws {
        try refuseReentry()
        defer { shared.stateWatch?.refreshPending() }
        shared.condition.lock()
        defer { shared.condition.unlock() }
        guard !shared.isClosed else { return }
        shared.isClosed = true
        defer { logger.debug("the journal is closed") }
        switch mode {
        case .groupCommit(let groupCommit):
            groupCommit.waitUntilDrained()
        case .openTransaction(let openTransaction):
            openTransaction.stopFlusher()
            try openTransaction.commit()
        }
    }

    /// Commits the open transaction now (batched, never); a no-op for always.
    func flush() throws {
        try refuseReentry()
        defer { shared.stateWatch?.refreshPending() }
        shared.condition.lock()
        defer { shared.condition.unlock() }
        try commitOpenTransaction()
    }

    /// Runs `body` as the only writer, inside one transaction: committed when
    /// it returns, rolled back when it throws. Posters wait meanwhile.
    func exclusively<T>(_ body: (any JournalConnection) throws -> T) throws -> T {
        try refuseReentry()
        // Declared first, so it runs after the lock is given up.
        defer { shared.stateWatch?.refreshPending() }
        shared.condition.lock()
        var groupCommit: GroupCommit?
        if case .groupCommit(let mode) = mode { groupCommit = mode }
        defer {
            let handed = groupCommit?.handLeadToQueue() ?? false
            shared.condition.unlock()
            if handed { groupCommit?.wakePosters() }
        }
        guard !shared.isClosed else { throw JournalError.closed }
        groupCommit?.waitForTurnAlone()
        guard !shared.isClosed else { throw JournalError.closed }
        try commitOpenTransaction()
        let connection = shared.connection
        try shared.begin(lockingNow: true)
        do {
            let result = try shared.callingThread.calling { try body(connection) }
            try shared.commit(changingAnyState: true)
            return result
        } catch {
            connection.rollbackAppending()
            throw error
        }
    }

    /// Installs the hub's projections (see ``ProjectionInstaller``), each in
    /// a transaction of its own; returns the rebuilds that ran. Writes
    /// nothing when the registry already records each at its version, with
    /// its state current.
    func installProjections(progress: ((RebuildProgress) -> Void)?) throws -> [ProjectionRebuild] {
        var identities: Set<String> = []
        for projection in shared.carried {
            let schema = projection.schema
            if let problem = schema.problem {
                throw JournalError.projectionUnusable(projection: schema.identity, problem: problem)
            }
            guard identities.insert(schema.identity).inserted else {
                throw JournalError.projectionUnusable(
                    projection: schema.identity, problem: "the hub carries two projections of this identity")
            }
        }
        guard !shared.carried.isEmpty, let connection = shared.projectionState else { return [] }
        let installed = try connection.installedProjections()
        var rebuilds: [ProjectionRebuild] = []
        for projection in shared.carried {
            let schema = projection.schema
            if let current = installed[schema.identity], current.version == schema.version,
                current.schemaVersion == schema.schemaVersion, Set(current.names) == projection.names,
                try !connection.hasNotices(named: projection.names, after: current.currentThrough)
            {
                continue
            }
            let rebuild = try exclusively { _ in
                try ProjectionInstaller(connection).install(projection, progress: progress)
            }
            if let rebuild { rebuilds.append(rebuild) }
        }
        return rebuilds
    }

    /// Rebuilds the carried projection `identity` from the whole journal.
    func rebuildProjection(_ identity: String, progress: ((RebuildProgress) -> Void)?) throws -> ProjectionRebuild {
        guard let projection = shared.carried.first(where: { $0.schema.identity == identity }) else {
            throw JournalError.projectionUnusable(projection: identity, problem: "this hub does not carry it")
        }
        return try exclusively { connection in
            let installer = try ProjectionInstaller(connection.requireProjectionState(at: shared.location))
            if let rebuilt = try installer.install(projection, progress: progress) { return rebuilt }
            return try installer.rebuild(projection, through: connection.lastSequence(), progress: progress)
        }
    }

    /// Removes `projection`, which this writer must not carry, from the
    /// journal in one exclusive transaction.
    func removeProjection(_ projection: any Projection) throws -> Bool {
        let identity = projection.schema.identity
        guard !shared.carried.contains(where: { $0.schema.identity == identity }) else {
            throw JournalError.projectionUnusable(
                projection: identity, problem: "this hub carries it: remove it through a hub opened without it")
        }
        return try exclusively { connection in
            try ProjectionInstaller(connection.requireProjectionState(at: shared.location)).remove(projection)
        }
    }

    /// Appends inside ``exclusively(_:)``'s transaction, with the usual checks.
    func appendInside(_ connection: any JournalConnection, _ record: JournalRecord) throws -> AppendOutcome {
        try checkPayloadSize(record)
        return try connection.append(record, projections: shared.projectionsFor(record))
    }

    /// How many group commits ran and how many notices they carried.
    var groupCommits: (commits: Int, notices: Int) {
        guard case .groupCommit(let groupCommit) = mode else { return (0, 0) }
        shared.condition.lock()
        defer { shared.condition.unlock() }
        return groupCommit.statistics
    }

    /// Call with the lock held.
    private func commitOpenTransaction() throws {
        if case .openTransaction(let openTransaction) = mode { try openTransaction.commit() }
    }

    /// Refuses a write made from a projection or an import's body that this
    /// writer is running: it would wait for the lock or commit its own
    /// thread holds.
    private func refuseReentry() throws(JournalError) {
        if shared.callingThread.isCurrent { throw .reentrant }
    }

    private func checkPayloadSize(_ record: JournalRecord) throws {
        let bytes = record.payloadJSON.utf8.count
        guard bytes <= payloadLimit else {
            throw JournalError.payloadTooLarge(name: record.notice.name, bytes: bytes, limit: payloadLimit)
        }
    }
}
