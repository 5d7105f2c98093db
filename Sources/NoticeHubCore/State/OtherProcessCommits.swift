/// Tells a ``StateWatch`` which projections' state other processes (and
/// other hubs) changed: a ``BackgroundWorker`` that watches the journal's
/// change counter, as a follower does (every ``NoticeJournal/pollInterval``,
/// and at once when the journal announces a commit), and when it moved
/// reads the projections' registry. A projection whose row changed (a
/// commit that applied its notices moves `current_through`; an install, a
/// rebuild or a removal changes its version) has its observations read
/// again, on this worker's thread and connection.
///
/// Commits of the watch's own hub move the counter too: a row that differs
/// only by the watch's hub's last commit of the projection is left to the
/// thread that made it, which reads its observations again itself.
final class OtherProcessCommits: Sendable {
    private let worker: BackgroundWorker
    private let commitWatch: (any CommitWatch)?

    /// What the worker's steps alone use.
    ///
    /// `@unchecked Sendable`: handed to the worker, whose steps alone use it
    /// after `init`.
    private final class Position: @unchecked Sendable {
        let connection: any ProjectionJournalConnection
        var seenCounter: Int64?
        var rows: [String: InstalledProjection]

        init(_ connection: any ProjectionJournalConnection) throws {
            self.connection = connection
            seenCounter = try connection.changeCounter()
            rows = try connection.installedProjections()
        }
    }

    /// Connects and reads where the journal stands, so that every commit
    /// after `init` returns is seen; then starts the worker.
    init(journal: any NoticeJournal, watch: StateWatch) throws {
        let position = try Position(journal.connectForReading().requireProjectionState(at: journal.location))
        let pollInterval = journal.pollInterval
        guard
            let worker = BackgroundWorker(
                name: "NoticeHub state watch", firstRest: pollInterval,
                { [weak watch] in
                    guard let watch else { return .stop }
                    Self.step(position, watch: watch)
                    return .after(pollInterval)
                })
        else {
            throw JournalError.storage("no thread could be started to watch \(journal.location)")
        }
        self.worker = worker
        commitWatch = (journal as? any CommitAnnouncingJournal)?.watchCommits { worker.wake() }
    }

    /// Ends the worker after the step under way; does not wait for it.
    func stop() {
        commitWatch?.cancel()
        worker.stop()
    }

    /// One look: when the counter moved, the projections whose registry
    /// rows changed have their observations read again. A failed look is
    /// made again at the next step.
    private static func step(_ position: Position, watch: StateWatch) {
        do {
            let counter = try position.connection.changeCounter()
            guard counter != position.seenCounter else { return }
            let rows = try position.connection.installedProjections()
            let changed = Set(rows.keys).union(position.rows.keys).filter { identity in
                rows[identity] != position.rows[identity]
                    && !watch.isOwnCommit(rows[identity], after: position.rows[identity])
            }
            position.seenCounter = counter
            position.rows = rows
            if !changed.isEmpty {
                watch.refresh(changed, from: ConnectionStateSource(connection: position.connection))
            }
        } catch {
            position.seenCounter = nil
        }
    }
}
