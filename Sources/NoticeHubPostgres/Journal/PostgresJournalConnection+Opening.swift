#if Postgres
    import Foundation
    import NoticeHub
    import PostgresNIO

    /// A server transaction opened in its first notice's round trip.
    extension PostgresJournalConnection {
        /// Opens the server transaction and inserts `record`, its first
        /// notice, in one round trip: `BEGIN` and the head's lock go just
        /// before the insert, which numbers the notice from the head as it
        /// reads it once the lock is held, and answers that number with the
        /// registry's generation. A notice stored already answers no row; the
        /// head and the generation then take a round trip of their own. A
        /// generation other than the one last reported to the writer rolls
        /// the transaction back and throws ``JournalError/projectionsChanged``,
        /// as ``startForAppending()`` does.
        func startInserting(_ record: JournalRecord) throws -> AppendOutcome {
            isStarted = true
            hasWritten = false
            do {
                try session.holdConnection()
            } catch {
                rollbackAppending()
                throw error
            }
            session.sendBeforeNext("BEGIN")
            if durability == .never { session.sendBeforeNext("SET LOCAL synchronous_commit TO OFF") }
            session.sendBeforeNext("SELECT 1 FROM journal_head WHERE id = 1 FOR UPDATE")
            // A connection lost from here on took the transaction with it.
            session.holdsTransaction = true
            var binds = PostgresBindings(capacity: 10)
            Self.bindColumns(of: record, to: &binds)
            let inserted = try session.query(
                """
                INSERT INTO notices (seq, id, name, sender, payload, posted_at, kind, conversation, cause, version, metadata)
                SELECT last_seq + 1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10 FROM journal_head WHERE id = 1
                ON CONFLICT (id) DO NOTHING RETURNING seq, (\(ProjectionRegistry.generationSQL))
                """, binds)
            let appended: Int64?
            if let row = inserted.rows.first {
                let (sequence, generation) = try row.decode((Int64, Int64).self)
                appended = sequence
                lockedHead = sequence - 1
                startedGeneration = generation
            } else {
                let head = try session.script(
                    "SELECT last_seq, (\(ProjectionRegistry.generationSQL)) FROM journal_head WHERE id = 1")
                guard let row = head.first else {
                    throw JournalError.storage("\(session.settings.url) has no journal_head row")
                }
                (lockedHead, startedGeneration) = try row.decode((Int64, Int64).self)
                appended = nil
            }
            nextSequence = lockedHead + 1
            if let reported = reportedGeneration, reported != startedGeneration {
                reportedGeneration = nil
                rollbackAppending()
                throw JournalError.projectionsChanged
            }
            guard let appended else {
                return .duplicate(try storedSequences(of: [record.notice.id.uuid])[record.notice.id.uuid] ?? -1)
            }
            nextSequence += 1
            return .appended(appended)
        }
    }
#endif
