// The errors a journal throws, one static member per code:
// `throw JournalError.refused(name: name, reason: reason)`,
// `#expect(throws: JournalError.closed)`.
extension JournalError {
    /// The path names a directory.
    public static func isADirectory(path: String) -> JournalError {
        JournalError(.isADirectory(path: path))
    }

    /// No journal exists at the path, and the caller only reads.
    public static func missing(path: String) -> JournalError {
        JournalError(.missing(path: path))
    }

    /// The file exists but is not a SQLite database.
    public static func notADatabase(path: String) -> JournalError {
        JournalError(.notADatabase(path: path))
    }

    /// A SQLite database of another application; `noticectl init` adopts it.
    public static func foreignDatabase(path: String, tables: [String]) -> JournalError {
        JournalError(.foreignDatabase(path: path, tables: tables))
    }

    /// A server database (schema) that holds another application's tables;
    /// `noticectl init` adopts it.
    public static func foreignSchema(location: String, tables: [String]) -> JournalError {
        JournalError(.foreignSchema(location: location, tables: tables))
    }

    /// Written by a newer NoticeHub whose schema this build does not know.
    public static func newerSchema(path: String, found: Int, supported: Int) -> JournalError {
        JournalError(.newerSchema(path: path, found: found, supported: supported))
    }

    /// SQLite reported the file as damaged.
    public static func corrupt(path: String, detail: String) -> JournalError {
        JournalError(.corrupt(path: path, detail: detail))
    }

    /// The file could not be opened or created.
    public static func cannotOpen(path: String, detail: String) -> JournalError {
        JournalError(.cannotOpen(path: path, detail: detail))
    }

    /// An inline projection refused the notice; nothing was journaled.
    /// ``noticeName`` and ``reason`` read the two back.
    public static func refused(name: NoticeName, reason: String) -> JournalError {
        JournalError(.refused(name: name, reason: reason))
    }

    /// The journal has a projection installed that handles this notice's
    /// name, and the posting hub does not carry it: journaling the notice
    /// would leave that projection's state behind. Nothing was journaled.
    /// ``noticeName`` and ``projection`` read the two back.
    public static func projectionMissing(name: NoticeName, projection: String) -> JournalError {
        JournalError(.projectionMissing(name: name, projection: projection))
    }

    /// The journal's projection registry changed after the writer read it
    /// (another process installed or rebuilt a projection), and the backend
    /// refused the append it found that under its write lock: nothing was
    /// appended. The hub's writer reads the registry again and retries, so
    /// posters never see it; a backend throws it from an append when the
    /// generation it reads under its lock differs from the last one
    /// ``ProjectionJournalConnection/projectionRegistryGeneration()`` reported.
    public static let projectionsChanged = JournalError(.projectionsChanged)

    /// A projection's declaration cannot be installed (a bad identity,
    /// migrations out of order), or the journal holds it at a newer version
    /// than the hub carries. ``projection`` reads its identity back.
    public static func projectionUnusable(projection: String, problem: String) -> JournalError {
        JournalError(.projectionUnusable(projection: projection, problem: problem))
    }

    /// The payload's JSON form is larger than the journal accepts.
    public static func payloadTooLarge(name: NoticeName, bytes: Int, limit: Int) -> JournalError {
        JournalError(.payloadTooLarge(name: name, bytes: bytes, limit: limit))
    }

    /// A stored row that is not a notice this library would write (edited
    /// behind its back): its sequence number (``sequence``) and what is
    /// wrong with it.
    public static func malformedRow(sequence: Int64, problem: String) -> JournalError {
        JournalError(.malformedRow(sequence: sequence, problem: problem))
    }

    /// A storage error: the backend's code and message and the SQL, never
    /// the values, with the backend's own error when it reported one.
    /// ``storageFailure`` reads it back.
    public static func storage(_ failure: StorageFailure) -> JournalError {
        JournalError(.storage(failure))
    }

    /// A durable subscriber of this name is running already, in this
    /// process or another.
    public static func subscriberBusy(_ subscriber: String) -> JournalError {
        JournalError(.subscriberBusy(subscriber))
    }

    /// An exclusive durable subscriber was asked to run under a name that a
    /// group of processes runs (``SubscriberSharing/group(lease:batchSize:)``).
    public static func subscriberGrouped(_ subscriber: String) -> JournalError {
        JournalError(.subscriberGrouped(subscriber))
    }

    /// A durable subscriber's claim ended under it (its database session
    /// was lost): it stops, since a successor may hold the name now.
    public static func claimLost(_ subscriber: String) -> JournalError {
        JournalError(.claimLost(subscriber))
    }

    /// The journal ends before a notice a follower already handled: it was
    /// rolled back under the follower (a server crash lost commits made with
    /// ``Durability/never``, or a backup was restored).
    public static func rolledBack(handled: Int64, last: Int64) -> JournalError {
        JournalError(.rolledBack(handled: handled, last: last))
    }

    /// The journal's backend cannot carry requests between processes.
    public static func requestsUnsupported(location: String) -> JournalError {
        JournalError(.requestsUnsupported(location: location))
    }

    /// A read, replay, follower or durable subscriber asked to start at
    /// `from`, below the journal's first retained notice: the notices
    /// between were trimmed, and starting later would skip them. Start at
    /// `firstRetained` (``firstRetained``, ``HubJournal/firstRetainedSequence()``)
    /// to read what is left.
    public static func trimmed(from: Int64, firstRetained: Int64) -> JournalError {
        JournalError(.trimmed(from: from, firstRetained: firstRetained))
    }

    /// A trim that cannot be done, and why (``reason``); nothing was removed.
    public static func trimRefused(_ reason: String) -> JournalError {
        JournalError(.trimRefused(reason))
    }

    /// An erasure (``HubJournal/erase(_:names:)``) that cannot be done, and
    /// why (``reason``); nothing was erased.
    public static func erasureRefused(_ reason: String) -> JournalError {
        JournalError(.erasureRefused(reason))
    }

    /// A sequence number past the journal's last notice, asked for where
    /// only a journaled one will do: a state as of it, an archive through it.
    public static func beyondLast(_ sequence: Int64, last: Int64) -> JournalError {
        JournalError(.beyondLast(sequence, last: last))
    }

    /// The journal's backend keeps no ``JournalMark``s: it cannot be
    /// trimmed or checked from a checkpoint.
    public static let marksUnsupported = JournalError(.marksUnsupported)

    /// The hub's journal was closed.
    public static let closed = JournalError(.closed)

    /// The hub has no journal (it was made with `NoticeHub()`), and the call
    /// needs one: replay, import, reading or following the journal.
    public static let noJournal = JournalError(.noJournal)

    /// A projection's `apply` or an import's progress callback posted,
    /// imported, flushed or closed through the hub that called it; the
    /// journal's writer is busy with the call and would wait for itself.
    public static let reentrant = JournalError(.reentrant)

    /// The connection to a server journal was lost while this notice's
    /// commit was under way, and neither a new connection nor the lookup of
    /// the notice by id succeeded within the writer's retry limit: whether
    /// it was journaled is unknown. Posting the carried notice again
    /// (``uncertainAppend``, ``NoticeHub/post(_:)``) is safe: it is appended
    /// at most once, by id.
    public static func outcomeUnknown(_ uncertain: UncertainAppend) -> JournalError {
        JournalError(.outcomeUnknown(uncertain))
    }
}
