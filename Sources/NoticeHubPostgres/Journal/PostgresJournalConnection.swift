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
        private let durability: Durability
        /// Gives the session back to the journal's idle sessions at the end.
        private let recycle: ((PostgresSession) -> Void)?
        /// Tells followers of each commit that appended; nil with `notify=off`.
        private let announcer: CommitAnnouncer?
        private lazy var projectionStore = PostgresProjectionStore(session)

        /// The transaction's state: open (and holding the head lock), and
        /// whether a failed statement has aborted it.
        private var isOpen = false
        private var isAborted = false
        /// Whether the server transaction has begun (see ``appendsWholeBatches``).
        private var isStarted = false
        /// Whether the server transaction has written anything: until it has,
        /// a notice with projections needs no savepoint, since rolling the
        /// whole transaction back undoes only that notice.
        private var hasWritten = false
        /// The registry's generation as the transaction's start read it.
        private var startedGeneration: Int64 = 0
        /// The registry's generation last reported to the writer, which routed
        /// its notices by it; nil when it must be read again.
        private var reportedGeneration: Int64?
        /// The projections whose registry rows the commit marks current.
        private var projectionsToMark: [String] = []
        /// The head's value when the transaction locked it, and the next
        /// sequence number to hand out.
        private var lockedHead: Int64 = 0
        private var nextSequence: Int64 = 0
        /// Whether the open transaction holds a request or a reply, which
        /// followers are told of at once (``CommitAnnouncer``).
        private var holdsConversation = false

        init(
            _ session: PostgresSession, durability: Durability, announcer: CommitAnnouncer? = nil,
            recycle: ((PostgresSession) -> Void)? = nil
        ) {
            self.session = session
            self.durability = durability
            self.announcer = announcer
            self.recycle = recycle
        }

        deinit {
            rollbackAppending()
            recycle?(session)
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
        private func start() throws {
            guard !isStarted else { return }
            // `.never` lets the server acknowledge before its WAL reaches the
            // disk: a server crash may lose the last moments of commits.
            let begin = durability == .never ? "BEGIN; SET LOCAL synchronous_commit TO OFF" : "BEGIN"
            isStarted = true
            do {
                // The transaction holds the journal object's connection alone.
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
        private func startForAppending() throws {
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
            try startForAppending()
            if record.notice.kind != .notice { holdsConversation = true }
            if projections.isEmpty { return try aborting { try insertOne(record) } }
            // The notice and its state change stand or fall together; a refusal
            // undoes only this notice's part of the batch: by a savepoint,
            // opened and released in the round trips of the statements next to
            // it (the insert's; the next notice's or the commit's), or, when
            // the transaction holds nothing else yet, by rolling it back.
            let alone = !hasWritten
            if !alone { session.sendBeforeNext("SAVEPOINT notice") }
            let before = nextSequence
            do {
                let outcome = try insertOne(record)
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
                if session.isConnected {
                    if alone {
                        // The next append opens a transaction and locks the head again.
                        restartServerTransaction()
                    } else {
                        do {
                            try session.script("ROLLBACK TO SAVEPOINT notice")
                        } catch {
                            isAborted = true
                        }
                    }
                }
                if !session.isConnected { isAborted = true }
                throw error
            }
        }

        /// Runs of notices without projections go in one statement each; a
        /// notice with projections goes alone, inside a savepoint.
        func appendBatch(
            _ records: [JournalRecord], projections: (JournalRecord) -> [any Projection]
        ) -> [Result<AppendOutcome, any Error>] {
            if records.contains(where: { $0.notice.kind != .notice }) { holdsConversation = true }
            if !isStarted, appendsWholeBatches, records.allSatisfy({ projections($0).isEmpty }) {
                do {
                    return try appendCommitting(records).map { .success($0) }
                } catch JournalError.projectionsChanged {
                    reportedGeneration = nil
                    return records.map { _ in .failure(JournalError.projectionsChanged) }
                } catch {
                    // The procedure commits by itself: a connection lost
                    // on the way may have cut off its answer, not its commit.
                    let failure = Self.cutOffDuringCommit(error)
                    return records.map { _ in .failure(failure) }
                }
            }
            var outcomes: [Result<AppendOutcome, any Error>] = []
            outcomes.reserveCapacity(records.count)
            do {
                try startForAppending()
            } catch {
                return records.map { _ in .failure(error) }
            }
            var run: [JournalRecord] = []
            func flushRun() -> Bool {
                defer { run.removeAll(keepingCapacity: true) }
                guard !run.isEmpty else { return true }
                do {
                    outcomes += try aborting { try insertRun(run) }.map { .success($0) }
                    return true
                } catch {
                    outcomes += run.map { _ in .failure(error) }
                    return false
                }
            }
            for record in records {
                let projections = projections(record)
                if projections.isEmpty {
                    run.append(record)
                    continue
                }
                guard flushRun() else { return outcomes }
                let outcome = Result { try append(record, projections: projections) }
                outcomes.append(outcome)
                if case .failure = outcome, !isAppending { return outcomes }
            }
            _ = flushRun()
            return outcomes
        }

        /// Appends and commits `records` in one round trip
        /// (`noticehub_append_and_announce`, which commits before it answers).
        /// A commit holding a request or a reply notifies followers itself, at
        /// the commit; the announcer announces the others, spaced.
        private func appendCommitting(_ records: [JournalRecord]) throws -> [AppendOutcome] {
            let columns = NoticeColumns(records)
            var binds = columns.bindings
            // The procedure checks the registry under the head lock (NHP01 otherwise).
            binds.append(try projectionRegistryGeneration())
            let announcesItself = holdsConversation && announcer != nil
            holdsConversation = false
            if announcesItself { binds.append(session.settings.channel) } else { binds.appendNull() }
            let answer = try session.query(
                "CALL noticehub_append_and_announce($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)", binds)
            guard let row = answer.rows.first else {
                throw JournalError.storage("noticehub_append_and_announce answered no row")
            }
            let (ids, sequences) = try row.decode(([UUID]?, [Int64]?).self)
            let appended = zip(ids ?? [], sequences ?? []).map { $0 }
            let outcomes = try outcomes(for: columns.ids, appended: appended)
            if !announcesItself, let last = appended.last?.1 { announcer?.announce(last) }
            return outcomes
        }

        /// Each id's outcome: appended under the sequence number `appended`
        /// gives it (its first occurrence), else a duplicate of the stored
        /// notice.
        private func outcomes(for ids: [UUID], appended pairs: [(UUID, Int64)]) throws -> [AppendOutcome] {
            let appended = Dictionary(pairs, uniquingKeysWith: { first, _ in first })
            let missing = Set(ids).subtracting(appended.keys)
            let stored = missing.isEmpty ? [:] : try storedSequences(of: Array(missing))
            var claimed: Set<UUID> = []
            return try ids.map { id in
                if let seq = appended[id], claimed.insert(id).inserted { return .appended(seq) }
                guard let seq = appended[id] ?? stored[id] else {
                    throw JournalError.storage("notice \(NoticeID(id)) was neither inserted nor found")
                }
                return .duplicate(seq)
            }
        }

        /// Inserts one notice with the next number, or finds it stored already.
        private func insertOne(_ record: JournalRecord) throws -> AppendOutcome {
            let notice = record.notice
            var binds = PostgresBindings(capacity: 11)
            binds.append(nextSequence)
            binds.append(notice.id.uuid)
            binds.append(notice.name.rawValue)
            binds.append(notice.sender?.rawValue)
            binds.append(record.payloadJSON)
            binds.append(notice.postedAtMilliseconds)
            binds.append(notice.kind.storedValue)
            binds.append(notice.conversation?.uuid)
            binds.append(notice.cause?.uuid)
            binds.append(Int32(notice.version))
            binds.append(notice.metadata.json)
            let inserted = try session.query(
                """
                INSERT INTO notices (seq, id, name, sender, payload, posted_at, kind, conversation, cause, version, metadata)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
                ON CONFLICT (id) DO NOTHING RETURNING seq
                """, binds)
            if !inserted.rows.isEmpty {
                defer { nextSequence += 1 }
                return .appended(nextSequence)
            }
            return .duplicate(try storedSequences(of: [notice.id.uuid])[notice.id.uuid] ?? -1)
        }

        /// Inserts a run of notices in one statement: those not stored yet
        /// (the head lock, taken by an earlier statement, keeps that answer
        /// true until commit), each id once, numbered in order.
        private func insertRun(_ records: [JournalRecord]) throws -> [AppendOutcome] {
            if records.count == 1 { return [try insertOne(records[0])] }
            let columns = NoticeColumns(records)
            var binds = columns.bindings
            binds.append(nextSequence - 1)
            let inserted = try session.query(
                """
                INSERT INTO notices (seq, id, name, sender, payload, posted_at, kind, conversation, cause, version, metadata)
                SELECT $11 + row_number() OVER (ORDER BY ord), id, name, sender, payload, posted_at, kind, conversation,
                       cause, version, metadata
                FROM (
                    SELECT DISTINCT ON (id) id, name, sender, payload, posted_at, kind, conversation, cause, version,
                           metadata, ord
                    FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::int8[], $6::text[], $7::uuid[],
                                $8::uuid[], $9::int4[], $10::text[])
                        WITH ORDINALITY AS batch (id, name, sender, payload, posted_at, kind, conversation, cause, version,
                                                  metadata, ord)
                    ORDER BY id, ord
                ) AS first
                WHERE NOT EXISTS (SELECT 1 FROM notices WHERE notices.id = first.id)
                RETURNING id, seq
                """, binds)
            let appended = try inserted.rows.map { try $0.decode((UUID, Int64).self) }
            let outcomes = try outcomes(for: columns.ids, appended: appended)
            nextSequence += Int64(appended.count)
            return outcomes
        }

        /// A lost connection's failure (which the session reports as lost
        /// before any commit) as lost during the commit, for a statement
        /// that commits; any other error as it is.
        private static func cutOffDuringCommit(_ error: any Error) -> any Error {
            guard let failure = (error as? JournalError)?.storageFailure, failure.lostConnection != nil else {
                return error
            }
            return JournalError.storage(
                StorageFailure(
                    failure.message + " while committing", underlying: failure.underlying,
                    lostConnection: .duringCommit))
        }

        func storedSequences(of ids: [NoticeID]) throws -> [NoticeID: Int64] {
            var found: [NoticeID: Int64] = [:]
            for (id, sequence) in try storedSequences(of: ids.map(\.uuid)) { found[NoticeID(id)] = sequence }
            return found
        }

        private func storedSequences(of ids: [UUID]) throws -> [UUID: Int64] {
            var binds = PostgresBindings()
            binds.append(ids)
            let found = try session.query("SELECT id, seq FROM notices WHERE id = ANY($1)", binds)
            var sequences: [UUID: Int64] = [:]
            for row in found.rows {
                let (id, seq) = try row.decode((UUID, Int64).self)
                sequences[id] = seq
            }
            return sequences
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
        private func aborting<T>(_ body: () throws -> T) throws -> T {
            hasWritten = true
            do {
                return try body()
            } catch {
                isAborted = true
                throw error
            }
        }

        // MARK: Reading

        /// Inside an append transaction, the head as the transaction has it
        /// (locked, so that no other writer moves it meanwhile, as SQLite's
        /// write lock would); outside one, the last committed sequence number.
        func lastSequence() throws -> Int64 {
            if isOpen {
                try start()
                return nextSequence - 1
            }
            return try committedHead()
        }

        /// The head's last sequence: it moves with every commit that appends.
        func changeCounter() throws -> Int64 {
            try committedHead()
        }

        private func committedHead() throws -> Int64 {
            try session.query("SELECT last_seq FROM journal_head WHERE id = 1").rows.first?
                .makeRandomAccess()[0].decode(Int64.self) ?? 0
        }

        /// Rows per statement when reading: a page is collected whole before
        /// `body` sees it, so this bounds the memory a long read takes.
        static let pageSize = 512

        func read(_ query: JournalQuery, _ body: (Notice) throws -> Bool) throws {
            var decoder = PostgresRowDecoder(checksRows: query.checksRows)
            var next = query.from
            var left = query.limit.map { max(0, $0) } ?? Int.max
            // Patterns are narrowed in SQL and matched below, where `left` counts.
            let patterns = query.patternFilter
            let filter = NoticeFilter(query, firstParameter: 4)
            let conditions = " FROM notices WHERE seq >= $1 AND seq <= $2" + filter.sql + " ORDER BY seq LIMIT $3"
            let sql = "SELECT \(PostgresRowDecoder.columns)" + conditions
            // The first page carries the first retained sequence, read in the
            // rows' own snapshot: a trim committed before it shows, one after
            // it removed nothing this read could have returned.
            let firstPageSQL =
                "SELECT \(PostgresRowDecoder.columns), (SELECT value FROM journal_marks WHERE mark = 'first_retained')"
                + conditions
            var startChecked = query.includesTrimmed
            while left > 0 {
                // A page of patterns' rows may hold few matches: read it whole.
                let page = patterns == nil ? min(left, Self.pageSize) : Self.pageSize
                var binds = PostgresBindings(capacity: 3 + filter.count)
                binds.append(next)
                binds.append(query.through ?? Int64.max)
                binds.append(Int64(page))
                filter.bind(to: &binds)
                let rows = try session.query(startChecked ? sql : firstPageSQL, binds).rows
                if !startChecked {
                    let first: Int64? =
                        if let row = rows.first {
                            try row.makeRandomAccess()[PostgresRowDecoder.columnCount].decode(Int64?.self)
                        } else {
                            try mark(.firstRetained)
                        }
                    if let first, query.from < first {
                        throw JournalError.trimmed(from: query.from, firstRetained: first)
                    }
                    startChecked = true
                }
                for row in rows {
                    let notice = try decoder.notice(from: row, isReplay: query.markedAsReplay)
                    next = (notice.sequence ?? next) + 1
                    if let patterns, !patterns.admits(notice.name) { continue }
                    guard try body(notice) else { return }
                    left -= 1
                    if left == 0 { return }
                }
                if rows.count < page { return }
            }
        }

        func mark(_ mark: JournalMark) throws -> Int64? {
            var binds = PostgresBindings()
            binds.append(mark.rawValue)
            let rows = try session.query("SELECT value FROM journal_marks WHERE mark = $1", binds).rows
            return try rows.first?.decode(Int64.self)
        }

        func setMark(_ mark: JournalMark, to value: Int64?) throws {
            guard isAppending else { throw JournalError.storage("no open append transaction") }
            try start()
            var binds = PostgresBindings()
            binds.append(mark.rawValue)
            if let value { binds.append(value) }
            _ = try aborting {
                try session.query(
                    value == nil
                        ? "DELETE FROM journal_marks WHERE mark = $1"
                        : """
                        INSERT INTO journal_marks (mark, value) VALUES ($1, $2)
                        ON CONFLICT (mark) DO UPDATE SET value = excluded.value
                        """, binds)
            }
        }

        /// One statement: deletes the batch and takes it off `journal_counts`.
        func removeNotices(through sequence: Int64, limit: Int) throws -> Int {
            guard isAppending else { throw JournalError.storage("no open append transaction") }
            try start()
            var binds = PostgresBindings()
            binds.append(sequence)
            binds.append(Int64(max(0, limit)))
            let rows = try aborting {
                try session.query(
                    """
                    WITH gone AS (
                        DELETE FROM notices
                        WHERE seq IN (SELECT seq FROM notices WHERE seq <= $1 ORDER BY seq LIMIT $2)
                        RETURNING name, octet_length(payload) AS bytes
                    ), by_name AS (
                        SELECT name, count(*) AS notices, sum(bytes) AS bytes FROM gone GROUP BY name
                    ), counted AS (
                        UPDATE journal_counts AS counts
                           SET notices = counts.notices - by_name.notices,
                               payload_bytes = counts.payload_bytes - by_name.bytes
                          FROM by_name WHERE counts.name = by_name.name
                    ), forgotten AS (
                        DELETE FROM removed_sequences WHERE first <= $1 AND last <= $1
                    )
                    SELECT count(*) FROM gone
                    """, binds
                ).rows
            }
            return Int(try rows.first?.decode(Int64.self) ?? 0)
        }

        /// One statement: deletes the name's batch, takes it off
        /// `journal_counts` and records its numbers as runs.
        func removeNotices(named name: NoticeName, through sequence: Int64, limit: Int) throws -> Int {
            guard isAppending else { throw JournalError.storage("no open append transaction") }
            try start()
            var binds = PostgresBindings()
            binds.append(name.rawValue)
            binds.append(sequence)
            binds.append(Int64(max(0, limit)))
            let rows = try aborting {
                try session.query(
                    Self.removalSQL(
                        deleting: "seq IN (SELECT seq FROM notices WHERE name = $1 AND seq <= $2 ORDER BY seq LIMIT $3)"
                    ),
                    binds
                ).rows
            }
            return Int(try rows.first?.decode(Int64.self) ?? 0)
        }

        /// One statement, as ``removeNotices(named:through:limit:)``, for the
        /// numbers given.
        func removeNotices(named name: NoticeName, sequences: [Int64]) throws -> Int {
            guard isAppending else { throw JournalError.storage("no open append transaction") }
            guard !sequences.isEmpty else { return 0 }
            try start()
            var binds = PostgresBindings()
            binds.append(name.rawValue)
            binds.append(sequences)
            let rows = try aborting {
                try session.query(
                    Self.removalSQL(deleting: "name = $1 AND seq = ANY($2)"), binds
                ).rows
            }
            return Int(try rows.first?.decode(Int64.self) ?? 0)
        }

        /// The one statement that deletes the notices named `$1` that
        /// `condition` selects, takes them off `journal_counts` and records
        /// their numbers as runs in `removed_sequences`; it answers how many
        /// it deleted.
        private static func removalSQL(deleting condition: String) -> String {
            """
            WITH gone AS (
                DELETE FROM notices WHERE \(condition)
                RETURNING seq, octet_length(payload) AS bytes
            ), counted AS (
                UPDATE journal_counts
                   SET notices = notices - (SELECT count(*) FROM gone),
                       payload_bytes = payload_bytes - (SELECT coalesce(sum(bytes), 0) FROM gone)
                 WHERE name = $1
            ), recorded AS (
                INSERT INTO removed_sequences (first, last)
                SELECT min(seq), max(seq)
                  FROM (SELECT seq, seq - row_number() OVER (ORDER BY seq) AS run FROM gone) AS runs
                 GROUP BY run
            )
            SELECT count(*) FROM gone
            """
        }

        func removedNoticeCount(in range: ClosedRange<Int64>) throws -> Int64 {
            var binds = PostgresBindings()
            binds.append(range.lowerBound)
            binds.append(range.upperBound)
            let rows = try session.query(
                """
                SELECT CAST(coalesce(sum(least(last, $2) - greatest(first, $1) + 1), 0) AS bigint)
                  FROM removed_sequences WHERE first <= $2 AND last >= $1
                """, binds
            ).rows
            return try rows.first?.decode(Int64.self) ?? 0
        }

        func removedSequences(overlapping range: ClosedRange<Int64>) throws -> [ClosedRange<Int64>] {
            var binds = PostgresBindings()
            binds.append(range.lowerBound)
            binds.append(range.upperBound)
            let rows = try session.query(
                """
                SELECT greatest(first, $1), least(last, $2) FROM removed_sequences
                 WHERE first <= $2 AND last >= $1 ORDER BY first
                """, binds
            ).rows
            return try rows.map { row in
                let (first, last) = try row.decode((Int64, Int64).self)
                return first...last
            }
        }

        func retentionRules() throws -> [NameRetention] {
            let rows = try session.query(
                """
                SELECT pattern, max_age_ms, max_count, max_bytes, latest_by FROM retention_rules
                 ORDER BY pattern COLLATE "C"
                """,
                PostgresBindings()
            ).rows
            return try rows.map { row in
                let (pattern, age, count, bytes, latestBy) = try row.decode(
                    (String, Int64?, Int64?, Int64?, String?).self)
                return NameRetention(
                    NoticeName(trusted: pattern), maxAge: age.map { .milliseconds($0) }, maxCount: count,
                    maxBytes: bytes, keepingLatestBy: latestBy)
            }
        }

        func setRetentionRules(_ rules: [NameRetention]) throws {
            guard isAppending else { throw JournalError.storage("no open append transaction") }
            try start()
            _ = try aborting { try session.query("DELETE FROM retention_rules", PostgresBindings()) }
            for rule in rules {
                var binds = PostgresBindings()
                binds.append(rule.names.rawValue)
                for limit in [rule.maxAge.map(Self.milliseconds), rule.maxCount, rule.maxBytes] {
                    if let limit { binds.append(limit) } else { binds.appendNull() }
                }
                if let field = rule.keepingLatestBy { binds.append(field) } else { binds.appendNull() }
                _ = try aborting {
                    try session.query(
                        """
                        INSERT INTO retention_rules (pattern, max_age_ms, max_count, max_bytes, latest_by)
                        VALUES ($1, $2, $3, $4, $5)
                        """, binds)
                }
            }
        }

        /// Whole milliseconds of `duration`, as retention limits are kept.
        private static func milliseconds(_ duration: Duration) -> Int64 {
            let (seconds, attoseconds) = duration.components
            return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
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
            do {
                let result = try body(projectionStore)
                try session.script("COMMIT")
                return result
            } catch {
                if session.isConnected { _ = try? session.script("ROLLBACK") }
                throw error
            }
        }

        /// Reads `journal_counts` and the ends of the journal (each one probe
        /// of the primary key), never the notices between.
        func statistics() throws -> JournalStatistics {
            try readState { _ in
                var byName: [JournalStatistics.NameCount] = []
                var count = 0
                let names = try session.query(
                    "SELECT name, notices FROM journal_counts WHERE notices > 0 ORDER BY name")
                for row in names.rows {
                    let (name, notices) = try row.decode((String, Int64).self)
                    byName.append(.init(name: name, count: Int(notices)))
                    count += Int(notices)
                }
                let bounds = try session.query(
                    """
                    SELECT (SELECT min(seq) FROM notices), (SELECT max(seq) FROM notices),
                           (SELECT posted_at FROM notices ORDER BY seq LIMIT 1),
                           (SELECT posted_at FROM notices ORDER BY seq DESC LIMIT 1)
                    """
                ).rows[0]
                let (first, last, firstAt, lastAt) = try bounds.decode((Int64?, Int64?, Int64?, Int64?).self)
                var subscribers: [JournalStatistics.SubscriberLag] = []
                for row in try session.query("SELECT name, cursor FROM subscribers ORDER BY name").rows {
                    let (name, cursor) = try row.decode((String, Int64).self)
                    subscribers.append(.init(name: name, cursor: cursor, lag: max(0, (last ?? 0) - cursor)))
                }
                let version = try session.query("SELECT coalesce(max(version), 0) FROM \(PostgresSchema.versionTable)")
                    .rows[0].decode(Int32.self)
                return JournalStatistics(
                    notices: count, byName: byName, firstSequence: first, lastSequence: last,
                    firstPostedAt: firstAt, lastPostedAt: lastAt, fileSize: nil, schemaVersion: Int(version),
                    subscribers: subscribers)
            }
        }

        /// What breaks the journal's own invariants: the head agrees with the
        /// last row, and sequence numbers run from 1 without a gap.
        func integrityProblems() throws -> [String] {
            let row = try session.query(
                """
                SELECT (SELECT last_seq FROM journal_head WHERE id = 1), count(*), coalesce(min(seq), 1), coalesce(max(seq), 0)
                FROM notices
                """
            ).rows[0]
            let (head, count, first, last) = try row.decode((Int64?, Int64, Int64, Int64).self)
            var problems: [String] = []
            guard let head else { return ["journal_head has no row"] }
            if head != last {
                problems.append("journal_head says the last sequence is \(head), the last row is #\(last)")
            }
            if first != 1 || count != last {
                problems.append("sequence numbers have gaps: \(count) rows from #\(first) to #\(last)")
            }
            return problems
        }

        func cursor(of subscriber: String) throws -> Int64? {
            var binds = PostgresBindings()
            binds.append(subscriber)
            return try session.query("SELECT cursor FROM subscribers WHERE name = $1", binds).rows.first?
                .makeRandomAccess()[0].decode(Int64.self)
        }

        func saveCursor(_ cursor: Int64, of subscriber: String) throws {
            var binds = PostgresBindings(capacity: 3)
            binds.append(subscriber)
            binds.append(cursor)
            binds.append(Int64((Date().timeIntervalSince1970 * 1000).rounded()))
            // Returns once committed, so a reader on another session sees it.
            _ = try session.queryCommitting(
                """
                INSERT INTO subscribers (name, cursor, updated_at) VALUES ($1, $2, $3)
                ON CONFLICT (name) DO UPDATE SET cursor = excluded.cursor, updated_at = excluded.updated_at
                """, binds)
        }
    }
#endif
