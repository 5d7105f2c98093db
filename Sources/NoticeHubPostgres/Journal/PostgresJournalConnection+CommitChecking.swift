#if Postgres
    import Foundation
    import NoticeHub
    import PostgresNIO

    /// A commit cut off by a lost connection, looked up by the ids it would have appended.
    extension PostgresJournalConnection: CommitCheckingJournalConnection {
        func storedSequences(of ids: [NoticeID]) throws -> [NoticeID: Int64] {
            var found: [NoticeID: Int64] = [:]
            for (id, sequence) in try storedSequences(of: ids.map(\.uuid)) { found[NoticeID(id)] = sequence }
            return found
        }

        func storedSequences(of ids: [UUID]) throws -> [UUID: Int64] {
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
    }
#endif
