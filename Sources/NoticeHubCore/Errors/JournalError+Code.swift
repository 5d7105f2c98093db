extension JournalError {
    /// What kind of failure a ``JournalError`` is, one value per kind:
    /// `error.code == .refused`. A minor release may add codes, so a
    /// `switch` over codes keeps a `default:`. Each code prints as its name.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) {
            self.name = name
        }

        /// ``JournalError/isADirectory(path:)``: the path names a directory.
        public static let isADirectory = Code("isADirectory")
        /// ``JournalError/missing(path:)``: no journal exists at the path.
        public static let missing = Code("missing")
        /// ``JournalError/notADatabase(path:)``: the file is not a SQLite database.
        public static let notADatabase = Code("notADatabase")
        /// ``JournalError/foreignDatabase(path:tables:)``: a SQLite database of
        /// another application.
        public static let foreignDatabase = Code("foreignDatabase")
        /// ``JournalError/foreignSchema(location:tables:)``: a server schema
        /// that holds another application's tables.
        public static let foreignSchema = Code("foreignSchema")
        /// ``JournalError/newerSchema(path:found:supported:)``: written by a
        /// newer NoticeHub.
        public static let newerSchema = Code("newerSchema")
        /// ``JournalError/corrupt(path:detail:)``: SQLite reported the file as damaged.
        public static let corrupt = Code("corrupt")
        /// ``JournalError/cannotOpen(path:detail:)``: the file could not be
        /// opened or created.
        public static let cannotOpen = Code("cannotOpen")
        /// ``JournalError/refused(name:reason:)``: an inline projection refused
        /// the notice (``JournalError/noticeName`` and ``JournalError/reason``).
        public static let refused = Code("refused")
        /// ``JournalError/projectionMissing(name:projection:)``: the journal has
        /// a projection of this notice that the hub does not carry
        /// (``JournalError/noticeName`` and ``JournalError/projection``).
        public static let projectionMissing = Code("projectionMissing")
        /// ``JournalError/projectionsChanged``: the projection registry changed
        /// under an append, which the hub's writer retries.
        public static let projectionsChanged = Code("projectionsChanged")
        /// ``JournalError/projectionUnusable(projection:problem:)``: a
        /// projection cannot be installed (``JournalError/projection``).
        public static let projectionUnusable = Code("projectionUnusable")
        /// ``JournalError/payloadTooLarge(name:bytes:limit:)``: the payload is
        /// larger than the journal accepts (``JournalError/noticeName``).
        public static let payloadTooLarge = Code("payloadTooLarge")
        /// ``JournalError/malformedRow(sequence:problem:)``: a stored row that
        /// is not a notice this library would write (``JournalError/sequence``).
        public static let malformedRow = Code("malformedRow")
        /// ``JournalError/storage(_:)``: a storage error
        /// (``JournalError/storageFailure``).
        public static let storage = Code("storage")
        /// ``JournalError/subscriberBusy(_:)``: a durable subscriber of this
        /// name is running already.
        public static let subscriberBusy = Code("subscriberBusy")
        /// ``JournalError/subscriberGrouped(_:)``: the name is a group's.
        public static let subscriberGrouped = Code("subscriberGrouped")
        /// ``JournalError/claimLost(_:)``: a durable subscriber's claim ended
        /// under it.
        public static let claimLost = Code("claimLost")
        /// ``JournalError/rolledBack(handled:last:)``: the journal was rolled
        /// back under a follower.
        public static let rolledBack = Code("rolledBack")
        /// ``JournalError/requestsUnsupported(location:)``: the backend cannot
        /// carry requests between processes.
        public static let requestsUnsupported = Code("requestsUnsupported")
        /// ``JournalError/trimmed(from:firstRetained:)``: a read asked to start
        /// below the first retained notice (``JournalError/firstRetained``).
        public static let trimmed = Code("trimmed")
        /// ``JournalError/trimRefused(_:)``: a trim that cannot be done
        /// (``JournalError/reason``).
        public static let trimRefused = Code("trimRefused")
        /// ``JournalError/erasureRefused(_:)``: an erasure that cannot be
        /// done (``JournalError/reason``), which changed nothing.
        public static let erasureRefused = Code("erasureRefused")
        /// ``JournalError/beyondLast(_:last:)``: a sequence number past the
        /// journal's last notice.
        public static let beyondLast = Code("beyondLast")
        /// ``JournalError/marksUnsupported``: the backend keeps no marks.
        public static let marksUnsupported = Code("marksUnsupported")
        /// ``JournalError/closed``: the hub's journal was closed.
        public static let closed = Code("closed")
        /// ``JournalError/noJournal``: the hub has no journal.
        public static let noJournal = Code("noJournal")
        /// ``JournalError/reentrant``: a projection or an import's callback
        /// wrote through the hub that called it.
        public static let reentrant = Code("reentrant")
        /// ``JournalError/outcomeUnknown(_:)``: whether a notice was journaled
        /// is unknown (``JournalError/uncertainAppend``).
        public static let outcomeUnknown = Code("outcomeUnknown")

        /// The code's name, as its static member spells it: `refused`.
        public var description: String { name }
    }
}

extension JournalError.Kind {
    /// The code of this case.
    var code: JournalError.Code {
        switch self {
        case .isADirectory: .isADirectory
        case .missing: .missing
        case .notADatabase: .notADatabase
        case .foreignDatabase: .foreignDatabase
        case .foreignSchema: .foreignSchema
        case .newerSchema: .newerSchema
        case .corrupt: .corrupt
        case .cannotOpen: .cannotOpen
        case .refused: .refused
        case .projectionMissing: .projectionMissing
        case .projectionsChanged: .projectionsChanged
        case .projectionUnusable: .projectionUnusable
        case .payloadTooLarge: .payloadTooLarge
        case .malformedRow: .malformedRow
        case .storage: .storage
        case .subscriberBusy: .subscriberBusy
        case .subscriberGrouped: .subscriberGrouped
        case .claimLost: .claimLost
        case .rolledBack: .rolledBack
        case .requestsUnsupported: .requestsUnsupported
        case .trimmed: .trimmed
        case .trimRefused: .trimRefused
        case .erasureRefused: .erasureRefused
        case .beyondLast: .beyondLast
        case .marksUnsupported: .marksUnsupported
        case .closed: .closed
        case .noJournal: .noJournal
        case .reentrant: .reentrant
        case .outcomeUnknown: .outcomeUnknown
        }
    }
}
