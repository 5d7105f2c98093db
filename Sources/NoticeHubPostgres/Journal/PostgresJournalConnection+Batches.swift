#if Postgres
    import Foundation
    import NoticeHub
    import PostgresNIO

    /// Runs of notices in one statement: a durable group commit's whole batch, sent with its commit when it can be.
    extension PostgresJournalConnection {
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
            var run: [JournalRecord] = []
            func flushRun() -> Bool {
                defer { run.removeAll(keepingCapacity: true) }
                guard !run.isEmpty else { return true }
                do {
                    // A notice with projections opens the transaction itself,
                    // in its insert's round trip; a run needs the head first.
                    try startForAppending()
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
        func appendCommitting(_ records: [JournalRecord]) throws -> [AppendOutcome] {
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
        func outcomes(for ids: [UUID], appended pairs: [(UUID, Int64)]) throws -> [AppendOutcome] {
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
        func insertOne(_ record: JournalRecord) throws -> AppendOutcome {
            var binds = PostgresBindings(capacity: 11)
            binds.append(nextSequence)
            Self.bindColumns(of: record, to: &binds)
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
            return .duplicate(try storedSequences(of: [record.notice.id.uuid])[record.notice.id.uuid] ?? -1)
        }

        /// Binds a notice's columns after `seq`, in the order of the inserts' column lists.
        static func bindColumns(of record: JournalRecord, to binds: inout PostgresBindings) {
            let notice = record.notice
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
        }

        /// Inserts a run of notices in one statement: those not stored yet
        /// (the head lock, taken by an earlier statement, keeps that answer
        /// true until commit), each id once, numbered in order.
        func insertRun(_ records: [JournalRecord]) throws -> [AppendOutcome] {
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
        static func cutOffDuringCommit(_ error: any Error) -> any Error {
            guard let failure = (error as? JournalError)?.storageFailure, failure.lostConnection != nil else {
                return error
            }
            return JournalError.storage(
                StorageFailure(
                    failure.message + " while committing", underlying: failure.underlying,
                    lostConnection: .duringCommit))
        }
    }
#endif
