import Foundation
import NoticeSQLite
import NoticeHubCore

/// `JournalConnection` over one SQLite connection.
final class SQLiteJournalConnection: JournalConnection {
    let connection: SQLiteConnection
    lazy var projectionStore = SQLiteProjectionStore(connection)

    /// An ordinary notice (`RowExtra`) leaves its conversation and extra
    /// fields NULL: its insert binds four values, not six. Names and senders
    /// are bound as their codes (`TextCodes`).
    static let insertSQL = """
        INSERT INTO notices (id, name_code, sender_code, payload) VALUES (?, ?, ?, ?)
        ON CONFLICT (id) DO NOTHING
        """
    static let insertLinkedSQL = """
        INSERT INTO notices (id, name_code, sender_code, payload, conversation, extra) VALUES (?, ?, ?, ?, ?, ?)
        ON CONFLICT (id) DO NOTHING
        """
    private static let sequenceOfIDSQL = "SELECT seq FROM notices WHERE id = ?"
    static let addCountsSQL = """
        INSERT INTO journal_counts (name, notices, payload_bytes) VALUES (?, ?, ?)
        ON CONFLICT (name) DO UPDATE
            SET notices = notices + excluded.notices, payload_bytes = payload_bytes + excluded.payload_bytes
        """

    /// What the open append transaction has appended, per name, for
    /// `journal_counts`: added just before it commits.
    private var pendingCounts = PendingCounts()

    /// The codes of the names and senders the rows hold.
    let nameCodes = TextCodes<NoticeNameKind>(table: "notice_names", column: "name")
    let senderCodes = TextCodes<SenderKind>(table: "notice_senders", column: "sender")

    /// Whether the first append transaction grows the `-wal` file first.
    private var growsLogFirst: Bool

    /// The statements every append runs, prepared on first use and kept
    /// here: finding them in the connection's cache by their SQL text
    /// (hashing a hundred bytes) cost about an eighth of an insert, on the
    /// path a group commit's leader runs once per notice. A class, not a
    /// struct: statements are weakly referenced by their connection, which
    /// makes each retain of one take Swift's slow path, and a struct's copy
    /// retained all four on every append.
    private var appendStatements: AppendStatements?

    final class AppendStatements {
        let begin: SQLiteStatement
        let insert: SQLiteStatement
        let insertLinked: SQLiteStatement
        let addCounts: SQLiteStatement
        let commit: SQLiteStatement

        init(
            begin: SQLiteStatement, insert: SQLiteStatement, insertLinked: SQLiteStatement,
            addCounts: SQLiteStatement, commit: SQLiteStatement
        ) {
            self.begin = begin
            self.insert = insert
            self.insertLinked = insertLinked
            self.addCounts = addCounts
            self.commit = commit
        }
    }

    /// - Parameter growsLogFirst: the first append transaction grows the
    ///   `-wal` file to the length SQLite's checkpoints keep it at, so that
    ///   commits which sync overwrite it in place; see `growLog()`.
    init(_ connection: SQLiteConnection, growsLogFirst: Bool = false) {
        self.connection = connection
        self.growsLogFirst = growsLogFirst
    }

    func statements() throws -> AppendStatements {
        if let appendStatements { return appendStatements }
        let prepared = AppendStatements(
            begin: try connection.cachedStatement("BEGIN IMMEDIATE TRANSACTION"),
            insert: try connection.cachedStatement(Self.insertSQL),
            insertLinked: try connection.cachedStatement(Self.insertLinkedSQL),
            addCounts: try connection.cachedStatement(Self.addCountsSQL),
            commit: try connection.cachedStatement("COMMIT TRANSACTION"))
        appendStatements = prepared
        return prepared
    }

    func beginAppending() throws {
        pendingCounts.removeAll()
        try storage { try statements().begin.run() }
        if growsLogFirst {
            growsLogFirst = false
            growLog()
        }
    }

    /// Grows the `-wal` file to SQLite's checkpoint threshold plus an eighth
    /// (about 4.5 MB, 5 ms, by default), inside the write lock of the first
    /// append: commits of a fresh or reopened journal then sync about twice
    /// as fast (see `SQLiteConnection/preallocateWAL(frames:)`). Done on
    /// the first append rather than at open, so hubs that only read never
    /// write. Best effort: on a failure (a full disk, say) the log grows as
    /// it would have, and the commit that cannot write tells its posters.
    private func growLog() {
        guard let threshold = try? Int(connection.pragmaInt("wal_autocheckpoint")), threshold > 0 else { return }
        _ = try? connection.preallocateWAL(frames: threshold + threshold / 8)
    }

    func commitAppending() throws {
        try storage {
            do {
                try addPendingCounts()
                let commit = try statements().commit
                try nameCodes.confirmingCommit(
                    { try senderCodes.confirmingCommit({ try commit.run() }, on: connection) }, on: connection)
            } catch {
                rollbackAppending()
                throw error
            }
        }
        if removedSinceCheckpoint >= Self.removalsPerCheckpoint {
            removedSinceCheckpoint = 0
            // Best effort: a checkpoint another connection holds up is
            // tried again after the next batches.
            _ = try? connection.execute("PRAGMA wal_checkpoint(PASSIVE)")
        }
    }

    /// Notices removed by trims since this connection last checkpointed.
    var removedSinceCheckpoint = 0

    /// How many removed notices make a trim's connection checkpoint the
    /// write-ahead log itself, outside the write lock: otherwise a poster's
    /// commit that crosses SQLite's threshold pays for copying the pages
    /// the trim dirtied, with a sync of the database file.
    static let removalsPerCheckpoint = 2_000

    /// Adds the transaction's notices to `journal_counts`, one statement per name.
    private func addPendingCounts() throws {
        guard !pendingCounts.isEmpty else { return }
        let addCounts = try statements().addCounts
        for count in pendingCounts.counts {
            defer { addCounts.reset() }
            try addCounts.bind(count.name, at: 1)
            try addCounts.bind(count.notices, at: 2)
            try addCounts.bind(count.payloadBytes, at: 3)
            _ = try addCounts.step()
        }
        pendingCounts.removeAll()
    }

    var isAppending: Bool { !connection.isAutocommit }

    func rollbackAppending() {
        pendingCounts.removeAll()
        nameCodes.forgetUnconfirmed()
        senderCodes.forgetUnconfirmed()
        if !connection.isAutocommit {
            try? connection.execute("ROLLBACK TRANSACTION")
        }
    }

    func append(_ record: JournalRecord, projections: [any Projection]) throws -> AppendOutcome {
        let outcome = try appendUncounted(record, projections: projections)
        if case .appended = outcome {
            pendingCounts.add(record.notice.name.rawValue, payloadBytes: record.payloadJSON.utf8.count)
        }
        return outcome
    }

    private func appendUncounted(_ record: JournalRecord, projections: [any Projection]) throws -> AppendOutcome {
        if projections.isEmpty {
            return try storage { try insert(record) }
        }
        // The notice and its state change stand or fall together; a refusal
        // undoes only this notice's part of the batch.
        return try connection.savepoint {
            let outcome = try storage { try insert(record) }
            guard case .appended(let sequence) = outcome else { return outcome }
            let notice = record.notice.journaled(as: sequence)
            for projection in projections {
                do {
                    try projection.apply(notice, to: projectionStore)
                } catch let rejection as ProjectionRejection {
                    throw JournalError.refused(name: record.notice.name, reason: rejection.reason)
                } catch let error as SQLiteError {
                    throw JournalError.storage(StorageFailure(error.description, underlying: error))
                }
            }
            return outcome
        }
    }

    private func insert(_ record: JournalRecord) throws -> AppendOutcome {
        let notice = record.notice
        // Every parameter is bound anew, so the old bindings need no
        // clearing; the statement was reset after its last step.
        let isLinked =
            notice.kind != .notice || notice.links != .none || notice.version != 1 || !notice.metadata.isEmpty
            || !notice.id.carriesTime(notice.postedAtMilliseconds)
        let prepared = try statements()
        let insert = isLinked ? prepared.insertLinked : prepared.insert
        try insert.bind(try nameCodes.code(for: notice.name, on: connection), at: 2)
        if let sender = notice.sender {
            try insert.bind(try senderCodes.code(for: sender, on: connection), at: 3)
        } else {
            try insert.bindNull(at: 3)
        }
        // The texts are bound where they lie, not copied into SQLite's
        // memory: an allocation and a copy fewer per text, per notice.
        try notice.id.withBytes { id in
            try insert.withBorrowedBlob(id, at: 1) {
                try insert.withBorrowedText(record.payloadJSON, at: 4) {
                    if isLinked {
                        try insert.bindID(notice.conversation, at: 5)
                        try insert.bindText(RowExtra(of: notice).json, at: 6)
                    }
                    defer { insert.reset() }
                    _ = try insert.step()
                }
            }
        }
        if connection.changes == 1 {
            return .appended(connection.lastInsertRowID)
        }
        let lookup = try connection.cachedStatement(Self.sequenceOfIDSQL)
        try lookup.bindID(notice.id, at: 1)
        defer { lookup.reset() }
        guard try lookup.step() else {
            throw JournalError.storage("notice \(notice.id) was neither inserted nor found")
        }
        return .duplicate(lookup.int64(at: 0))
    }

    func lastSequence() throws -> Int64 {
        try storage {
            let statement = try connection.cachedStatement("SELECT coalesce(max(seq), 0) FROM notices")
            defer { statement.reset() }
            _ = try statement.step()
            return statement.int64(at: 0)
        }
    }

    func changeCounter() throws -> Int64 {
        try storage { try connection.dataVersion() }
    }

    /// Reads `journal_counts` and the ends of the journal (each one probe
    /// of the table's key), never the notices between: a few milliseconds
    /// at any size.
    func statistics() throws -> JournalStatistics {
        try storage {
            try connection.transaction(.deferred) {
                var byName: [JournalStatistics.NameCount] = []
                var total = 0
                let names = try connection.prepare(
                    "SELECT name, notices FROM journal_counts WHERE notices > 0 ORDER BY name")
                while try names.step() {
                    let count = Int(names.int64(at: 1))
                    byName.append(.init(name: names.string(at: 0) ?? "", count: count))
                    total += count
                }
                // One aggregate or probe each: SQLite reads min(seq) or
                // max(seq) from the ends of the table only when it is alone.
                let bounds = try connection.prepare(
                    """
                    SELECT (SELECT min(seq) FROM notices), (SELECT max(seq) FROM notices),
                           (SELECT posted_at FROM notices ORDER BY seq LIMIT 1),
                           (SELECT posted_at FROM notices ORDER BY seq DESC LIMIT 1),
                           (SELECT id FROM notices ORDER BY seq LIMIT 1),
                           (SELECT id FROM notices ORDER BY seq DESC LIMIT 1)
                    """)
                _ = try bounds.step()
                func optional(_ index: Int32) -> Int64? { bounds.isNull(at: index) ? nil : bounds.int64(at: index) }
                /// A stored time, or the one the row's id carries.
                func postedAt(_ index: Int32, id: Int32) -> Int64? {
                    optional(index) ?? bounds.noticeID(at: id)?.milliseconds
                }
                let last = optional(1) ?? 0
                var subscribers: [JournalStatistics.SubscriberLag] = []
                let cursors = try connection.prepare("SELECT name, cursor FROM subscribers ORDER BY name")
                while try cursors.step() {
                    let cursor = cursors.int64(at: 1)
                    subscribers.append(
                        .init(name: cursors.string(at: 0) ?? "", cursor: cursor, lag: max(0, last - cursor)))
                }
                let size = [connection.path, connection.path + "-wal"].compactMap {
                    (try? FileManager.default.attributesOfItem(atPath: $0)[.size]) as? Int64
                }.reduce(0, +)
                return JournalStatistics(
                    notices: total, byName: byName,
                    firstSequence: optional(0), lastSequence: optional(1),
                    firstPostedAt: postedAt(2, id: 4), lastPostedAt: postedAt(3, id: 5),
                    fileSize: size, schemaVersion: Int(try connection.pragmaInt("user_version")),
                    subscribers: subscribers)
            }
        }
    }

    func integrityProblems() throws -> [String] {
        do {
            let statement = try connection.prepare("PRAGMA integrity_check")
            var problems: [String] = []
            while try statement.step() {
                if let line = statement.string(at: 0), line != "ok" { problems.append(line) }
            }
            return problems
        } catch let error as SQLiteError where error.code.primary == .corrupt || error.code.primary == .notADB {
            // Damage bad enough to stop the check is itself the finding.
            return [error.message]
        } catch let error as SQLiteError {
            throw JournalError.storage(StorageFailure(error.description, underlying: error))
        }
    }

    func cursor(of subscriber: String) throws -> Int64? {
        try storage {
            let statement = try connection.cachedStatement("SELECT cursor FROM subscribers WHERE name = ?")
            defer { statement.reset() }
            try statement.bind(subscriber, at: 1)
            return try statement.step() ? statement.int64(at: 0) : nil
        }
    }

    func saveCursor(_ cursor: Int64, of subscriber: String) throws {
        try storage {
            let statement = try connection.cachedStatement(
                """
                INSERT INTO subscribers (name, cursor, updated_at) VALUES (?, ?, ?)
                ON CONFLICT (name) DO UPDATE SET cursor = excluded.cursor, updated_at = excluded.updated_at
                """)
            defer { statement.reset() }
            try statement.bind(subscriber, at: 1)
            try statement.bind(cursor, at: 2)
            try statement.bind(WallClock.nowMilliseconds(), at: 3)
            _ = try statement.step()
        }
    }

    /// Runs `body`, turning SQLite's errors into `JournalError/storage(_:)`.
    func storage<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError {
            throw JournalError.storage(StorageFailure(error.description, underlying: error))
        }
    }
}
