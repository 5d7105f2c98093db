#if Postgres
    import Foundation
    import NoticeHub
    import PostgresNIO

    /// ``JournalConnection`` over one PostgreSQL session.
    ///
    /// An append transaction locks the one row of `journal_head` first (`SELECT
    /// … FOR UPDATE`, in a statement after `BEGIN`, so that it reads the row as
    /// committed after the wait) and holds it until it commits: sequence numbers
    /// are handed out here, in commit order, with no gap. postgres-nio sends one
    /// statement per round trip, so a commit is few statements: a durable group
    /// commit without projections is one call of `noticehub_append_and_announce`,
    /// which does the same and commits before it answers; otherwise a run of
    /// notices without projections goes in one `INSERT … unnest`, a notice
    /// with projections inside a savepoint (unless it is the transaction's
    /// first write), and the head's update with the `COMMIT`. Commits are
    /// announced to followers afterwards (``CommitAnnouncer``).
    final class PostgresJournalConnection: JournalConnection {
        let session: PostgresSession
        let durability: Durability
        /// Tells followers of each commit that appended; nil with `notify=off`.
        let announcer: CommitAnnouncer?
        lazy var projectionStore = PostgresProjectionStore(session)

        /// The transaction's state: open (and holding the head lock), and
        /// whether a failed statement has aborted it.
        var isOpen = false
        var isAborted = false
        /// Whether the server transaction has begun (see ``appendsWholeBatches``).
        var isStarted = false
        /// Whether the server transaction has written anything: until it has,
        /// a notice with projections needs no savepoint, since rolling the
        /// whole transaction back undoes only that notice.
        var hasWritten = false
        /// The registry's generation as the transaction's start read it.
        var startedGeneration: Int64 = 0
        /// The registry's generation last reported to the writer, which routed
        /// its notices by it; nil when it must be read again.
        var reportedGeneration: Int64?
        /// The projections whose registry rows the commit marks current.
        var projectionsToMark: [String] = []
        /// The head's value when the transaction locked it, and the next
        /// sequence number to hand out.
        var lockedHead: Int64 = 0
        var nextSequence: Int64 = 0
        /// Whether the open transaction holds a request or a reply, which
        /// followers are told of at once (``CommitAnnouncer``).
        var holdsConversation = false
        /// Whether the connection ends its session when it goes. A durable
        /// subscriber's claim lends its session and ends it itself, with its
        /// lock's unlock first (``PostgresSubscriberClaim``): ended here, the
        /// session would close with the lock still held, and the lock would
        /// stay taken until the server noticed, after the claim's release.
        let ownsSession: Bool

        init(
            _ session: PostgresSession, durability: Durability, announcer: CommitAnnouncer? = nil,
            ownsSession: Bool = true
        ) {
            self.session = session
            self.durability = durability
            self.announcer = announcer
            self.ownsSession = ownsSession
        }

        deinit {
            rollbackAppending()
            if ownsSession { session.close() }
        }

        // MARK: Appending

        /// A durable group commit's notices without projections go through
        /// `noticehub_append_and_announce`, one call that commits by itself: the
        /// transaction's `BEGIN` waits until something needs it.
        var appendsWholeBatches: Bool { durability == .always }

        func beginAppending() throws {
            isOpen = true
            isAborted = false
            isStarted = false
            if !appendsWholeBatches { try start() }
        }

        /// Opens the server transaction and locks the head. The lock is taken
        /// in a statement after `BEGIN`, so that it reads the head as committed
        /// once the wait for the lock is over.
        func start() throws {
            guard !isStarted else { return }
            // `.never` lets the server acknowledge before its WAL reaches the
            // disk: a server crash may lose the last moments of commits.
            let begin = durability == .never ? "BEGIN; SET LOCAL synchronous_commit TO OFF" : "BEGIN"
            isStarted = true
            do {
                // The transaction holds a connection of the pool alone.
                try session.holdConnection()
                // The registry's generation comes in the same round trip.
                let head = try session.script(
                    begin + "; SELECT last_seq, (\(ProjectionRegistry.generationSQL)) "
                        + "FROM journal_head WHERE id = 1 FOR UPDATE")
                guard let row = head.first?.makeRandomAccess(), let last = try? row[0].decode(Int64.self) else {
                    throw JournalError.storage("\(session.settings.url) has no journal_head row")
                }
                startedGeneration = try row[1].decode(Int64.self)
                session.holdsTransaction = true
                hasWritten = false
                lockedHead = last
                nextSequence = last + 1
            } catch {
                rollbackAppending()
                throw error
            }
        }

        var isAppending: Bool { isOpen && !isAborted }

        /// Starts the transaction for notices the writer routed by the registry
        /// generation last reported to it: one found otherwise under the lock
        /// rolls the transaction back and throws ``JournalError/projectionsChanged``.
        func startForAppending() throws {
            guard !isStarted else { return }
            try start()
            if let reported = reportedGeneration, reported != startedGeneration {
                reportedGeneration = nil
                rollbackAppending()
                throw JournalError.projectionsChanged
            }
        }

        func append(_ record: JournalRecord, projections: [any Projection]) throws -> AppendOutcome {
            guard isAppending else { throw JournalError.storage("no open append transaction") }
            if record.notice.kind != .notice { holdsConversation = true }
            // The first notice of a server transaction opens it in its
            // insert's round trip (``startInserting(_:)``).
            let opening = !isStarted
            if projections.isEmpty && !opening { return try aborting { try insertOne(record) } }
            // The notice and its state change stand or fall together; a refusal
            // undoes only this notice's part of the batch: by a savepoint,
            // opened and released in the round trips of the statements next to
            // it (the insert's; the next notice's or the commit's), or, when
            // the transaction holds nothing else yet, by rolling it back.
            let alone = opening || !hasWritten
            if !alone { session.sendBeforeNext("SAVEPOINT notice") }
            let before = nextSequence
            do {
                let outcome = opening ? try startInserting(record) : try insertOne(record)
                if case .appended(let sequence) = outcome {
                    let notice = record.notice.journaled(as: sequence)
                    for projection in projections {
                        do {
                            try projection.apply(notice, to: projectionStore)
                        } catch let rejection as ProjectionRejection {
                            throw JournalError.refused(name: record.notice.name, reason: rejection.reason)
                        }
                    }
                }
                hasWritten = true
                if !alone { session.sendBeforeNext("RELEASE SAVEPOINT notice") }
                return outcome
            } catch {
                nextSequence = before
                // A lost session took the transaction with it; a new one
                // must not be opened for a savepoint it does not have, and the
                // commit fails, so that the writer appends the batch again.
                // A transaction that found the registry moved has ended.
                if isOpen && !session.isConnected {
                    isAborted = true
                } else if isOpen && alone {
                    // The next append opens a transaction and locks the head
                    // again (on a connection lent anew).
                    restartServerTransaction()
                } else if isOpen {
                    do {
                        try session.script("ROLLBACK TO SAVEPOINT notice")
                    } catch {
                        isAborted = true
                    }
                }
                throw error
            }
        }

        func commitAppending() throws {
            guard isOpen else { return }
            guard isStarted else {
                // Nothing, or only `noticehub_append_and_announce`'s own commits.
                isOpen = false
                projectionsToMark = []
                return
            }
            guard !isAborted else {
                rollbackAppending()
                throw JournalError.storage("the append transaction was aborted by an earlier error")
            }
            // The commit releases the last notice's savepoint.
            _ = session.withdrawDeferred("RELEASE SAVEPOINT notice")
            let last = nextSequence - 1
            // The head's update and the registry's are one statement.
            var updates: [String] = []
            if last > lockedHead {
                updates.append("UPDATE journal_head SET last_seq = \(last) WHERE id = 1")
            }
            if !projectionsToMark.isEmpty {
                // Identities hold only [a-z0-9._-] (ProjectionSchema's rule); quoted all the same.
                let identities = projectionsToMark.map { "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" }
                updates.append(
                    "UPDATE projections SET current_through = \(max(last, lockedHead)) "
                        + "WHERE identity IN (\(identities.joined(separator: ", ")))")
                projectionsToMark = []
            }
            var script = ""
            if let registry = updates.last {
                script = (updates.count > 1 ? "WITH head AS (\(updates[0])) " : "") + registry + "; "
            }
            script += "COMMIT"
            do {
                try session.script(script)
                session.holdsTransaction = false
                session.releaseConnection()
                isOpen = false
                isStarted = false
                if last > lockedHead { announcer?.announce(last, atOnce: holdsConversation) }
                holdsConversation = false
            } catch {
                rollbackAppending()
                throw Self.cutOffDuringCommit(error)
            }
        }

        func rollbackAppending() {
            holdsConversation = false
            projectionsToMark = []
            guard isOpen else { return }
            isOpen = false
            isAborted = false
            session.discardDeferred()
            if isStarted && session.isConnected { _ = try? session.script("ROLLBACK") }
            session.holdsTransaction = false
            session.releaseConnection()
            isStarted = false
        }

        /// Rolls the server transaction back and lets the head go, while the
        /// append transaction stays open: its next append starts another.
        private func restartServerTransaction() {
            session.discardDeferred()
            _ = try? session.script("ROLLBACK")
            session.holdsTransaction = false
            session.releaseConnection()
            isStarted = false
        }

        /// Runs `body`, which writes; a failure aborts the transaction, as
        /// PostgreSQL does.
        func aborting<T>(_ body: () throws -> T) throws -> T {
            hasWritten = true
            do {
                return try body()
            } catch {
                isAborted = true
                throw error
            }
        }

        // MARK: Reading

    }
#endif
