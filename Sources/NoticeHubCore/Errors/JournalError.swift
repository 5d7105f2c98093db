/// Why a journal could not be opened, read or appended to. Each description
/// is one line naming the file or the notice; none includes payload values.
public enum JournalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path names a directory.
    case isADirectory(path: String)
    /// No journal exists at the path, and the caller only reads.
    case missing(path: String)
    /// The file exists but is not a SQLite database.
    case notADatabase(path: String)
    /// A SQLite database of another application; `noticectl init` adopts it.
    case foreignDatabase(path: String, tables: [String])
    /// A server database (schema) that holds another application's tables;
    /// `noticectl init` adopts it.
    case foreignSchema(location: String, tables: [String])
    /// Written by a newer NoticeHub whose schema this build does not know.
    case newerSchema(path: String, found: Int, supported: Int)
    /// SQLite reported the file as damaged.
    case corrupt(path: String, detail: String)
    /// The file could not be opened or created.
    case cannotOpen(path: String, detail: String)
    /// An inline projection refused the notice; nothing was journaled.
    case refused(name: NoticeName, reason: String)
    /// The journal has a projection installed that handles this notice's
    /// name, and the posting hub does not carry it: journaling the notice
    /// would leave that projection's state behind. Nothing was journaled.
    case projectionMissing(name: NoticeName, projection: String)
    /// The journal's projection registry changed after the writer read it
    /// (another process installed or rebuilt a projection), and the backend
    /// refused the append it found that under its write lock: nothing was
    /// appended. The hub's writer reads the registry again and retries, so
    /// posters never see it; a backend throws it from an append when the
    /// generation it reads under its lock differs from the last one
    /// ``ProjectionJournalConnection/projectionRegistryGeneration()`` reported.
    case projectionsChanged
    /// A projection's declaration cannot be installed (a bad identity,
    /// migrations out of order), or the journal holds it at a newer version
    /// than the hub carries.
    case projectionUnusable(projection: String, problem: String)
    /// The payload's JSON form is larger than the journal accepts.
    case payloadTooLarge(name: NoticeName, bytes: Int, limit: Int)
    /// A stored row that is not a notice this library would write (edited
    /// behind its back): its sequence number and what is wrong with it.
    case malformedRow(sequence: Int64, problem: String)
    /// A storage error: the backend's code and message and the SQL, never
    /// the values, with the backend's own error when it reported one.
    case storage(StorageFailure)
    /// A durable subscriber of this name is running already, in this
    /// process or another.
    case subscriberBusy(String)
    /// A durable subscriber's claim ended under it (its database session
    /// was lost): it stops, since a successor may hold the name now.
    case claimLost(String)
    /// The journal ends before a notice a follower already handled: it was
    /// rolled back under the follower (a server crash lost commits made with
    /// ``Durability/never``, or a backup was restored).
    case rolledBack(handled: Int64, last: Int64)
    /// The journal's backend cannot carry requests between processes.
    case requestsUnsupported(location: String)
    /// A read, replay, follower or durable subscriber asked to start at
    /// `from`, below the journal's first retained notice: the notices
    /// between were trimmed, and starting later would skip them. Start at
    /// `firstRetained` (``HubJournal/firstRetainedSequence()``) to read
    /// what is left.
    case trimmed(from: Int64, firstRetained: Int64)
    /// A trim that cannot be done, and why; nothing was removed.
    case trimRefused(String)
    /// A sequence number past the journal's last notice, asked for where
    /// only a journaled one will do: a state as of it, an archive through it.
    case beyondLast(Int64, last: Int64)
    /// The journal's backend keeps no ``JournalMark``s: it cannot be
    /// trimmed or checked from a checkpoint.
    case marksUnsupported
    /// The hub's journal was closed.
    case closed
    /// The hub has no journal (it was made with `NoticeHub()`), and the call
    /// needs one: replay, import, reading or following the journal.
    case noJournal
    /// A projection's `apply` or an import's progress callback posted,
    /// imported, flushed or closed through the hub that called it; the
    /// journal's writer is busy with the call and would wait for itself.
    case reentrant
    /// The connection to a server journal was lost while this notice's
    /// commit was under way, and neither a new connection nor the lookup of
    /// the notice by id succeeded within the writer's retry limit: whether
    /// it was journaled is unknown. Posting the carried notice again
    /// (``NoticeHub/post(_:)``) is safe: it is appended at most once, by id.
    case outcomeUnknown(UncertainAppend)

    /// Whether a follower or durable subscriber stops on this error rather
    /// than try again at its next poll: no retry gets past a malformed row, a
    /// lost claim or a rolled-back journal.
    public var stopsFollowers: Bool {
        switch self {
        case .malformedRow, .claimLost, .rolledBack, .trimmed: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case let .isADirectory(path):
            "\(path) is a directory, not a journal file"
        case let .missing(path):
            "no journal at \(path)"
        case let .notADatabase(path):
            "\(path) is not a SQLite database"
        case let .foreignDatabase(path, tables):
            "\(path) is a SQLite database of another application (tables: \(tables.joined(separator: ", "))); run `noticectl init` to adopt it"
        case let .foreignSchema(location, tables):
            "\(location) holds tables of another application (\(tables.joined(separator: ", "))); run `noticectl init` to adopt it"
        case let .newerSchema(path, found, supported):
            "\(path) has schema version \(found), newer than this build's \(supported); upgrade NoticeHub"
        case let .corrupt(path, detail):
            "\(path) is damaged: \(detail)"
        case let .cannotOpen(path, detail):
            "cannot open \(path): \(detail)"
        case let .refused(name, reason):
            "\(name) refused: \(reason)"
        case let .projectionMissing(name, projection):
            "\(name) refused: the journal's projection \(IdentifierRules.quoted(projection)) handles it, "
                + "and this hub does not carry that projection"
        case .projectionsChanged:
            "the journal's projections changed while appending; nothing was appended"
        case let .projectionUnusable(projection, problem):
            "projection \(IdentifierRules.quoted(projection)): \(problem)"
        case let .payloadTooLarge(name, bytes, limit):
            "payload of \(name) is \(bytes) bytes, more than the \(limit) allowed"
        case let .malformedRow(sequence, problem):
            "journal row #\(sequence): \(problem)"
        case let .storage(failure):
            failure.message
        case let .subscriberBusy(subscriber):
            "durable subscriber \(IdentifierRules.quoted(subscriber)) is already running, in this process or another"
        case let .claimLost(subscriber):
            "durable subscriber \(IdentifierRules.quoted(subscriber)) lost its claim (its database session ended) and stopped"
        case let .rolledBack(handled, last):
            "the journal ends at #\(last), before #\(handled) which was already handled: it was rolled back"
        case let .requestsUnsupported(location):
            "the journal at \(location) cannot carry requests between processes"
        case let .trimmed(from, firstRetained):
            "the journal was trimmed: its notices start at #\(firstRetained), and a read from #\(from) would skip "
                + "those before; start at #\(firstRetained) or later"
        case let .trimRefused(reason):
            "cannot trim: \(reason)"
        case let .beyondLast(sequence, last):
            "#\(sequence) is past the journal's last notice, #\(last)"
        case .marksUnsupported:
            "this journal's backend keeps no marks: it cannot be trimmed or checked from a checkpoint"
        case .closed:
            "the journal is closed"
        case .noJournal:
            "this hub has no journal; create it with NoticeHub(journal:) to replay, import or follow"
        case .reentrant:
            "posting from inside a projection's apply or an import's progress callback is not allowed"
        case let .outcomeUnknown(uncertain):
            uncertain.description
        }
    }
}
