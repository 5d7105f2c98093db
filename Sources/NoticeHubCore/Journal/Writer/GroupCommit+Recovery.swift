import Logging

/// A group commit's recovery: a batch whose commit failed in a way that can
/// be tried again (the projection registry moved under the server's lock, or
/// the server connection was lost before or during the commit) goes again,
/// with the same notices, without journaling any twice or reporting one lost
/// that was journaled.
extension GroupCommit {
    /// Appends what is not appended yet, commits the batch (one fsync for
    /// the lot) and returns each member's outcome; a failed commit fails
    /// every notice of the batch except those a projection refused. Runs
    /// without the lock.
    ///
    /// Two failures are tried again with the same notices. A server backend
    /// that found the projection registry moved under its lock appended none
    /// of the batch: the batch goes again through the projections (or guards)
    /// now installed. A lost connection (``LostConnection``) is tried again
    /// on a new one, for up to ``lostConnectionRetryLimit``: at once when it
    /// was lost before the commit, and after looking the notices up by id
    /// when it was lost during the commit, so that no notice is journaled
    /// twice and none is reported lost that was journaled.
    func finish(_ batch: inout OpenBatch) -> [Result<AppendOutcome, any Error>] {
        var registryRetries = Self.registryRetries
        var retryDeadline: ContinuousClock.Instant?
        var attempts = 0
        while true {
            let outcomes = commitOnce(&batch)
            attempts += 1
            if outcomes.contains(where: Self.isProjectionsChanged), registryRetries > 0 {
                registryRetries -= 1
                batch = OpenBatch(members: batch.members)
                continue
            }
            guard let lost = outcomes.lazy.compactMap(Self.lostConnection).first else {
                if retryDeadline != nil { logRecovery(of: batch, attempts: attempts, outcomes) }
                return outcomes
            }
            if retryDeadline == nil { logLoss(of: batch, lost, outcomes) }
            let deadline = retryDeadline ?? .now + Self.lostConnectionRetryLimit
            retryDeadline = deadline
            if lost == .duringCommit {
                switch resolveCutOffCommit(of: batch, until: deadline) {
                case .committed(let resolved):
                    logRecovery(of: batch, attempts: attempts, resolved)
                    return resolved
                case .unknown(let reason):
                    logger.warning(
                        "whether a commit cut off by a lost connection happened is unknown",
                        metadata: ["notices": "\(batch.members.count)", "reason": "\(reason)"])
                    return zip(batch.members, outcomes).map { member, outcome in
                        guard Self.lostConnection(outcome) != nil else { return outcome }
                        return .failure(
                            JournalError.outcomeUnknown(UncertainAppend(notice: member.record.notice, reason: reason)))
                    }
                case .notCommitted: break
                }
            }
            guard ContinuousClock.now < deadline else {
                logger.warning(
                    "a commit gave up after losing its connection",
                    metadata: ["notices": "\(batch.members.count)", "attempts": "\(attempts)"])
                return outcomes
            }
            batch = OpenBatch(members: batch.members)
        }
    }

    /// Tells the logger, at warning level, that a commit lost its connection
    /// and is tried again with the same notices.
    func logLoss(
        of batch: OpenBatch, _ lost: LostConnection, _ outcomes: [Result<AppendOutcome, any Error>]
    ) {
        let cause = outcomes.lazy.compactMap { outcome -> (any Error)? in
            if case .failure(let error) = outcome, Self.lostConnection(outcome) != nil { return error }
            return nil
        }.first
        logger.warning(
            "a commit lost its connection; trying again with the same notices",
            metadata: [
                "notices": "\(batch.members.count)", "lost": lost == .duringCommit ? "during the commit" : "before it",
                "error": "\(cause.map { "\($0)" } ?? "")",
            ])
    }

    /// Tells the logger, at notice level, how a retried commit ended.
    func logRecovery(of batch: OpenBatch, attempts: Int, _ outcomes: [Result<AppendOutcome, any Error>]) {
        let journaled = outcomes.count { if case .success = $0 { true } else { false } }
        logger.notice(
            "a commit that lost its connection is journaled",
            metadata: [
                "notices": "\(batch.members.count)", "journaled": "\(journaled)", "attempts": "\(attempts)",
            ])
    }

    /// How often a batch is appended again after ``JournalError/projectionsChanged``.
    private static let registryRetries = 3

    /// How long a group commit keeps trying after its server connection was
    /// lost (ten seconds).
    static let lostConnectionRetryLimit: Duration = .seconds(10)

    static func isProjectionsChanged(_ outcome: Result<AppendOutcome, any Error>) -> Bool {
        if case .failure(JournalError.projectionsChanged) = outcome { return true }
        return false
    }

    /// Where a failed outcome's lost connection left it; nil for a success
    /// or any other failure. A session that cannot connect again sent
    /// nothing.
    static func lostConnection(_ outcome: Result<AppendOutcome, any Error>) -> LostConnection? {
        guard case .failure(let error as JournalError) = outcome else { return nil }
        return switch error.kind {
        case .storage(let failure): failure.lostConnection
        case .cannotOpen: .beforeCommit
        default: nil
        }
    }

    enum CutOffCommit {
        /// It committed: each member's outcome.
        case committed([Result<AppendOutcome, any Error>])
        /// Nothing of it was journaled; the batch may go again.
        case notCommitted
        /// The lookup did not succeed in time; why.
        case unknown(String)
    }

    /// Finds out whether the commit whose answer a lost connection cut off
    /// happened, by looking up the ids of the notices it would have appended:
    /// those the transaction had appended, or a whole batch's (one statement,
    /// which commits by itself). A commit is all or nothing, so it happened
    /// when every one is stored. A member of a whole batch whose id was
    /// stored before it (a notice posted again by id) then reads as appended
    /// by it, since the lookup cannot tell the two apart.
    func resolveCutOffCommit(of batch: OpenBatch, until deadline: ContinuousClock.Instant) -> CutOffCommit {
        let attempt = batch.members.indices.map { index in
            index < batch.outcomes.count ? batch.outcomes[index] : nil
        }
        let inFlight = batch.members.indices.filter { index in
            switch attempt[index] {
            case .success(.appended): true
            case .failure(let error): Self.lostConnection(.failure(error)) == .duringCommit
            default: false
            }
        }
        let ids = Array(Set(inFlight.map { batch.members[$0].record.notice.id }))
        guard let checking = shared.connection as? any CommitCheckingJournalConnection else {
            return ids.isEmpty ? .notCommitted : .unknown("the journal cannot look notices up by id")
        }
        var stored: [NoticeID: Int64] = [:]
        while !ids.isEmpty {
            do {
                stored = try checking.storedSequences(of: ids)
                break
            } catch {
                guard Self.lostConnection(.failure(error)) != nil, ContinuousClock.now < deadline else {
                    return .unknown("\(error)")
                }
            }
        }
        guard ids.allSatisfy({ stored[$0] != nil }) else { return .notCommitted }
        var seen: Set<NoticeID> = []
        return .committed(
            batch.members.indices.map { index in
                let id = batch.members[index].record.notice.id
                switch attempt[index] {
                case .failure(let error) where Self.lostConnection(.failure(error)) == .duringCommit:
                    let sequence = stored[id] ?? 0
                    return .success(seen.insert(id).inserted ? .appended(sequence) : .duplicate(sequence))
                case let outcome?:
                    return outcome
                case nil:
                    return .failure(JournalError.storage("the journal ended the transaction without saying why"))
                }
            })
    }
}
