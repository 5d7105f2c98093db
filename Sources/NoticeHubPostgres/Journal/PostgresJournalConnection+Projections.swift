#if Postgres
    import Foundation
    import NoticeHub
    import PostgresNIO

    /// The projections' state: tables in the journal's schema, written in its transactions.
    extension PostgresJournalConnection: ProjectionJournalConnection {
        /// Inside the transaction once it has started; before that (a durable
        /// group commit, whose transaction waits until something needs it),
        /// in a statement of its own. Starting the transaction for it would
        /// take the head lock and hold it across the round trips to the
        /// commit, where `noticehub_append_and_announce` holds it only inside
        /// the server: every process's first post would keep every other
        /// poster waiting while its own thread is descheduled. The writer's
        /// routing made from a registry that moves meanwhile is caught under
        /// the lock, as for any other move (``projectionRegistryGeneration()``).
        func installedProjections() throws -> [String: InstalledProjection] {
            guard isAppending else { return try readState { try ProjectionRegistry.all(in: $0) } }
            return try ProjectionRegistry.all(in: isStarted ? transactionStore() : projectionStore)
        }

        /// Sent with the commit, in the same round trip.
        func markProjectionsCurrent(_ identities: [String]) throws {
            guard isAppending else { throw JournalError.storage("no open append transaction") }
            projectionsToMark = identities
        }

        func transactionStore() throws -> any ProjectionStore {
            guard isAppending else { throw JournalError.storage("no open append transaction") }
            try start()
            // Its caller writes through it.
            hasWritten = true
            return projectionStore
        }

        /// Under the head lock when the transaction has started; otherwise the
        /// generation last reported, which the append checks under the lock
        /// (``startForAppending()``, `noticehub_append_and_announce`), so a commit without
        /// projections costs no round trip for it.
        func projectionRegistryGeneration() throws -> Int64 {
            if isStarted {
                reportedGeneration = startedGeneration
                return startedGeneration
            }
            if let reportedGeneration { return reportedGeneration }
            let result = try session.query(ProjectionRegistry.generationSQL)
            let generation = try result.rows.first?.makeRandomAccess()[0].decode(Int64.self) ?? 0
            reportedGeneration = generation
            return generation
        }

        func readState<T>(_ body: (any ProjectionStore) throws -> T) throws -> T {
            try session.holdConnection()
            defer { session.releaseConnection() }
            try session.script("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            // Until it ends, the connection is not fit to go back to the pool.
            session.holdsTransaction = true
            do {
                let result = try body(projectionStore)
                try session.script("COMMIT")
                session.holdsTransaction = false
                return result
            } catch {
                if session.isConnected, (try? session.script("ROLLBACK")) != nil { session.holdsTransaction = false }
                throw error
            }
        }

        /// Counted on the index on names, in the open transaction's snapshot.
        func noticeCount(named names: Set<NoticeName>, through sequence: Int64) throws -> Int64 {
            var count: Int64 = 0
            for name in names {
                count +=
                    try transactionStore().integer(
                        "SELECT count(*) FROM notices WHERE name = ? AND seq <= ?",
                        [.text(name.rawValue), .integer(sequence)]) ?? 0
            }
            return count
        }
    }
#endif
