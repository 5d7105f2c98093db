/// Where a hub journals its notices: the small protocol a storage backend
/// implements. ``SQLiteJournal`` is the embedded default; a server database
/// (PostgreSQL) fits the same shape: connections that append in transactions
/// and read in sequence order.
public protocol NoticeJournal: Sendable {
    /// A human-readable location (a path, a URL without secrets), for messages.
    var location: String { get }
    /// Opens one connection; its owner uses it from one thread at a time.
    func connect(durability: Durability) throws -> any JournalConnection
    /// A connection that only reads: for a hub's ``NoticeHub/journal``,
    /// replays and followers. The default is `connect(durability: .always)`;
    /// a backend may open a lighter one (read-only, no write settings).
    func connectForReading() throws -> any JournalConnection
    /// Claims a durable subscriber's name for the caller until the claim is
    /// released or the process ends; while it is held, claiming the same
    /// name again, in this process or another, throws
    /// ``JournalError/subscriberBusy(_:)``.
    func claimSubscriber(_ subscriber: String) throws -> any SubscriberClaim

    /// Announces that `responder` answers requests named `name` (or matching
    /// the pattern `name`) from any process, until the claim is released or
    /// the process ends. Several responders, and several claims of one
    /// responder, may announce the same name.
    func claimResponder(_ responder: Sender, answering name: NoticeName) throws -> any ResponderClaim

    /// Claims again, under `key`, the place of a claim of this process that
    /// was lost while its responder lives (a server's session cut): a
    /// request under way then counts the renewed claim as the responder it
    /// asked. Nil when `key` cannot be had (a session not yet ended holds
    /// it); the responder then claims anew. The default answers nil, which
    /// suits a backend whose claims end only with their process.
    func claimResponder(_ responder: Sender, answering name: NoticeName, reusing key: Int64) throws
        -> (any ResponderClaim)?

    /// How long a requester goes on waiting for a responder whose claim it
    /// found gone, for the claim to be made again under its key
    /// (``claimResponder(_:answering:reusing:)``): zero (the default) for
    /// claims that end only with their process, such as file locks.
    var claimRenewalGrace: Duration { get }

    /// The responders whose claims are alive now; a backend may forget the
    /// announcements of dead ones as it finds them.
    func liveResponders() throws -> [LiveResponder]

    /// Whether the claims with these keys are alive now: the subset of
    /// `keys` that is. A requester asks it while it waits for replies, so a
    /// responder that dies mid-request stops being waited for.
    func liveResponderKeys(among keys: Set<Int64>) throws -> Set<Int64>

    /// How often a follower of this journal looks for commits when nothing
    /// wakes it: often for a local file (SQLite's check reads shared
    /// memory), seldom for a server that announces commits.
    var pollInterval: Duration { get }

    /// Calls `wake` soon after each commit to the journal, from any process,
    /// until the returned watch is cancelled; nil when the backend cannot
    /// announce commits, and followers rely on polling alone. A wake-up
    /// carries no data: the follower reads the journal for what changed.
    func watchCommits(_ wake: @escaping @Sendable () -> Void) -> (any CommitWatch)?
}

extension NoticeJournal {
    /// `connect(durability: .always)`.
    public func connectForReading() throws -> any JournalConnection {
        try connect(durability: .always)
    }

    /// Throws ``JournalError/requestsUnsupported(location:)``.
    public func claimResponder(_ responder: Sender, answering name: NoticeName) throws -> any ResponderClaim {
        throw JournalError.requestsUnsupported(location: location)
    }

    /// Nil: the responder claims anew.
    public func claimResponder(_ responder: Sender, answering name: NoticeName, reusing key: Int64) throws
        -> (any ResponderClaim)?
    {
        nil
    }

    /// Zero: a claim found gone is a responder gone.
    public var claimRenewalGrace: Duration { .zero }

    /// Throws ``JournalError/requestsUnsupported(location:)``.
    public func liveResponders() throws -> [LiveResponder] {
        throw JournalError.requestsUnsupported(location: location)
    }

    /// Throws ``JournalError/requestsUnsupported(location:)``.
    public func liveResponderKeys(among keys: Set<Int64>) throws -> Set<Int64> {
        throw JournalError.requestsUnsupported(location: location)
    }

    /// One millisecond: SQLite's `data_version` check is a read of shared memory.
    public var pollInterval: Duration { .milliseconds(1) }

    /// Nil: followers poll.
    public func watchCommits(_ wake: @escaping @Sendable () -> Void) -> (any CommitWatch)? { nil }
}

/// A registration for commit wake-ups (``NoticeJournal/watchCommits(_:)``).
public protocol CommitWatch: AnyObject, Sendable {
    /// Stops the wake-ups; idempotent.
    func cancel()
}

/// One connection to a journal. Not `Sendable`: one owner serializes it.
///
/// Appends happen between ``beginAppending()`` and ``commitAppending()``;
/// each ``append(_:projections:)`` applies the notice's inline projections in
/// the same transaction, and undoes only its own work when one refuses.
public protocol JournalConnection: AnyObject {
    func beginAppending() throws
    /// Appends one notice (idempotent by notice id) and applies `projections`.
    func append(_ record: JournalRecord, projections: [any Projection]) throws -> AppendOutcome
    /// Appends several notices in order, each as ``append(_:projections:)``
    /// would, and returns one outcome per notice appended. It stops after a
    /// failure that ends the transaction (``isAppending`` false), so it may
    /// return fewer outcomes than records. A server backend sends a run of
    /// notices in one statement here; a group commit's leader calls it.
    func appendBatch(
        _ records: [JournalRecord], projections: (JournalRecord) -> [any Projection]
    ) -> [Result<AppendOutcome, any Error>]
    func commitAppending() throws
    /// Abandons the open transaction; never throws.
    func rollbackAppending()
    /// True while an append transaction is open (storage errors may end it early).
    var isAppending: Bool { get }
    /// Whether a group commit hands this connection its whole batch at once,
    /// just before it commits, rather than notice by notice while posters
    /// arrive: true for a server, where every statement costs a round trip
    /// and one statement can append the lot; false for SQLite, whose inserts
    /// then overlap the gathering of the batch.
    var appendsWholeBatches: Bool { get }

    /// The highest sequence number, 0 for an empty journal.
    func lastSequence() throws -> Int64
    /// A number that changes whenever another connection commits.
    func changeCounter() throws -> Int64
    /// Calls `body` with each stored notice the query selects, in sequence
    /// order, until it returns false. Payloads stay JSON text until decoded;
    /// notices carry `isReplay` when the query is `markedAsReplay`.
    func read(_ query: JournalQuery, _ body: (Notice) throws -> Bool) throws

    /// Runs `body` inside one read transaction over the projections' state.
    func readState<T>(_ body: (any ProjectionStore) throws -> T) throws -> T
    /// The projections' store inside the open append transaction (a server
    /// backend starts its transaction here if it has not yet): what
    /// installing, rebuilding and registering projections write through.
    func transactionStore() throws -> any ProjectionStore
    /// The registry's generation (the highest `generation` of the
    /// `projections` table, 0 when empty), called by the writer after
    /// ``beginAppending()``: it re-reads the registry when the generation
    /// moved, so it never appends a notice that a projection installed by
    /// another process handles without applying or refusing it. A backend
    /// that reads it under its write lock (SQLite) answers from there; one
    /// that locks later (a server, whose first statement takes the lock) may
    /// answer with the last generation it read, and must then throw
    /// ``JournalError/projectionsChanged`` from an append that finds another
    /// under its lock.
    func projectionRegistryGeneration() throws -> Int64
    /// The projections installed in the journal, by identity: inside the
    /// open append transaction when there is one, else in a read
    /// transaction of its own. A backend without SQL state answers `[:]`
    /// (and a hub that carries projections cannot install them there).
    func installedProjections() throws -> [String: InstalledProjection]
    /// Marks these projections' state current through the journal's last
    /// notice, inside the open append transaction: the writer calls it just
    /// before ``commitAppending()`` with the projections that applied notices
    /// in the transaction. A server backend may send it with the commit.
    func markProjectionsCurrent(_ identities: [String]) throws

    /// A mark the journal keeps about itself; nil when it was never set. A
    /// backend that keeps marks reads them in the snapshot of the open
    /// transaction, if there is one.
    func mark(_ mark: JournalMark) throws -> Int64?
    /// Sets `mark` inside the open append transaction; nil removes it.
    func setMark(_ mark: JournalMark, to value: Int64?) throws
    /// Removes the oldest notices numbered through `sequence`, at most
    /// `limit` of them, inside the open append transaction, and takes them
    /// off the counts ``statistics()`` reads; returns how many it removed (0
    /// when none is left). The caller has raised
    /// ``JournalMark/firstRetained`` past `sequence` first, in the same or
    /// an earlier transaction. A backend that keeps marks refuses, in
    /// ``read(_:_:)``, a query whose ``JournalQuery/from`` lies below that
    /// mark, with ``JournalError/trimmed(from:firstRetained:)``, judged in
    /// the snapshot the read's rows come from.
    func removeNotices(through sequence: Int64, limit: Int) throws -> Int
    /// Removes the oldest notices named `name` numbered through `sequence`,
    /// at most `limit` of them, inside the open append transaction: takes
    /// them off the counts ``statistics()`` reads and records their
    /// sequence numbers as removed (``removedSequences(overlapping:)``), so
    /// that a check of the journal tells the holes they leave from rows
    /// deleted behind its back. Returns how many it removed, 0 when none is
    /// left. A trim forgets the numbers it leaves behind.
    func removeNotices(named name: NoticeName, through sequence: Int64, limit: Int) throws -> Int
    /// Removes those of `sequences` that number notices named `name`, as
    /// ``removeNotices(named:through:limit:)`` does; returns how many.
    func removeNotices(named name: NoticeName, sequences: [Int64]) throws -> Int
    /// How many of the sequence numbers in `range` belong to notices that
    /// ``removeNotices(named:through:limit:)`` removed.
    func removedNoticeCount(in range: ClosedRange<Int64>) throws -> Int64
    /// The runs of those numbers that overlap `range`, in order, cut to it.
    func removedSequences(overlapping range: ClosedRange<Int64>) throws -> [ClosedRange<Int64>]
    /// The journal's rules by name (``RetentionPolicy/byName``), in the
    /// order of their patterns.
    func retentionRules() throws -> [NameRetention]
    /// Replaces the rules by name inside the open append transaction.
    func setRetentionRules(_ rules: [NameRetention]) throws
    /// Gives up to `pages` of the storage's free space back to the file
    /// system, outside any open transaction, holding the write lock briefly;
    /// returns how many pages it gave back (0 when there is nothing to give
    /// or the storage cannot). A trim calls it after removing notices, until
    /// it returns 0.
    func releaseFreeSpace(pages: Int) throws -> Int

    /// Counts and bounds of the journal.
    func statistics() throws -> JournalStatistics
    /// What the storage's own consistency check finds wrong; empty when sound.
    func integrityProblems() throws -> [String]

    /// A durable subscriber's cursor: the last sequence it handled.
    func cursor(of subscriber: String) throws -> Int64?
    func saveCursor(_ cursor: Int64, of subscriber: String) throws

    /// The sequence numbers of those of `ids` the journal holds, outside any
    /// append transaction. A hub's writer asks after a failure that reports
    /// ``LostConnection/duringCommit``, to learn whether the cut-off commit
    /// happened; a backend that never reports it need not answer.
    func storedSequences(of ids: [NoticeID]) throws -> [NoticeID: Int64]
}

extension JournalConnection {
    /// Reads the registry's `projections` table through
    /// ``transactionStore()`` while appending, else through ``readState(_:)``.
    public func installedProjections() throws -> [String: InstalledProjection] {
        try isAppending
            ? ProjectionRegistry.all(in: transactionStore())
            : readState { try ProjectionRegistry.all(in: $0) }
    }

    /// Updates the projections' rows of the registry through
    /// ``transactionStore()``, one statement.
    public func markProjectionsCurrent(_ identities: [String]) throws {
        try ProjectionRegistry.markCurrent(identities, in: transactionStore())
    }

    /// False: notices are appended as they arrive.
    public var appendsWholeBatches: Bool { false }

    /// Nil: a backend without marks was never trimmed.
    public func mark(_ mark: JournalMark) throws -> Int64? { nil }

    /// Throws ``JournalError/marksUnsupported``.
    public func setMark(_ mark: JournalMark, to value: Int64?) throws {
        throw JournalError.marksUnsupported
    }

    /// 0: the storage keeps its free space.
    public func releaseFreeSpace(pages: Int) throws -> Int { 0 }

    /// Throws ``JournalError/marksUnsupported``.
    public func removeNotices(through sequence: Int64, limit: Int) throws -> Int {
        throw JournalError.marksUnsupported
    }

    /// Throws ``JournalError/marksUnsupported``.
    public func removeNotices(named name: NoticeName, through sequence: Int64, limit: Int) throws -> Int {
        throw JournalError.marksUnsupported
    }

    /// Throws ``JournalError/marksUnsupported``.
    public func removeNotices(named name: NoticeName, sequences: [Int64]) throws -> Int {
        throw JournalError.marksUnsupported
    }

    /// 0: a backend without rules by name removes no notice from among others.
    public func removedNoticeCount(in range: ClosedRange<Int64>) throws -> Int64 { 0 }

    /// None, as ``removedNoticeCount(in:)``.
    public func removedSequences(overlapping range: ClosedRange<Int64>) throws -> [ClosedRange<Int64>] { [] }

    /// None.
    public func retentionRules() throws -> [NameRetention] { [] }

    /// Throws ``JournalError/marksUnsupported`` unless `rules` is empty.
    public func setRetentionRules(_ rules: [NameRetention]) throws {
        if !rules.isEmpty { throw JournalError.marksUnsupported }
    }

    /// Throws: a backend that reports ``LostConnection/duringCommit``
    /// answers this itself.
    public func storedSequences(of ids: [NoticeID]) throws -> [NoticeID: Int64] {
        throw JournalError.storage("this journal cannot look notices up by id")
    }

    /// One ``append(_:projections:)`` per record.
    public func appendBatch(
        _ records: [JournalRecord], projections: (JournalRecord) -> [any Projection]
    ) -> [Result<AppendOutcome, any Error>] {
        var outcomes: [Result<AppendOutcome, any Error>] = []
        outcomes.reserveCapacity(records.count)
        for record in records {
            let outcome = Result { try append(record, projections: projections(record)) }
            outcomes.append(outcome)
            if case .failure = outcome, !isAppending { break }
        }
        return outcomes
    }
}

/// A notice ready for the journal: the notice and its payload as JSON.
public struct JournalRecord: Sendable {
    public let notice: Notice
    public let payloadJSON: String

    public init(notice: Notice, payloadJSON: String) {
        self.notice = notice
        self.payloadJSON = payloadJSON
    }
}

/// What an append did.
public enum AppendOutcome: Sendable, Equatable {
    /// Stored under this sequence number.
    case appended(Int64)
    /// A notice with the same id was already stored, under this sequence number.
    case duplicate(Int64)

    public var sequence: Int64 {
        switch self {
        case .appended(let sequence), .duplicate(let sequence): sequence
        }
    }
}

/// Which stored notices to read.
public struct JournalQuery: Sendable, Equatable {
    /// The first sequence number to read.
    public var from: Int64
    /// The last sequence number to read; nil: up to the journal's end.
    public var through: Int64?
    /// Only notices with these names, or with names these patterns match
    /// (``Identifier/isPattern``); nil: every name. A journal that cannot
    /// match patterns in its storage checks rows with ``selects(name:)``.
    public var names: Set<NoticeName>?
    /// Only notices from this sender; nil: any sender.
    public var sender: Sender?
    /// Only the notices of this conversation: the notice with this id and
    /// every notice whose ``Notice/conversation`` it is; nil: any.
    public var conversation: NoticeID?
    /// Only notices of these kinds; nil: every kind. Replays, followers and
    /// durable subscribers read ``NoticeKind/notice`` only.
    public var kinds: Set<NoticeKind>?
    /// Only notices caused by this one (a request's replies); nil: any.
    public var cause: NoticeID?
    /// At most this many notices; nil: no limit. Zero or a negative limit
    /// reads nothing.
    public var limit: Int?
    /// Whether each row is first checked for what the library would refuse
    /// to write (an id that is not a UUID, a name or sender that breaks the
    /// naming rules, a payload that is not one line of valid JSON, a posting
    /// time that is not an integer of years 0001-9999): the read then stops
    /// at such a row with ``JournalError/malformedRow(sequence:problem:)``.
    /// For exports, whose lines must import again; replay leaves it off.
    /// Rows whose id does not parse are refused either way.
    public var checksRows = false
    /// Whether the read takes the rows it finds below the journal's first
    /// retained sequence (``JournalMark/firstRetained``), left by a trim
    /// that has not finished, instead of refusing a start below it: for
    /// verify, which reads every row.
    public var includesTrimmed = false
    /// Whether the notices read are to carry ``Notice/isReplay``: set by
    /// replay, so it need not copy each notice to mark it. A backend passes
    /// it to ``Notice/init(stored:name:sender:postedAtMilliseconds:payloadJSON:sequence:isReplay:kind:conversation:cause:version:metadata:)``.
    public var markedAsReplay = false

    public init(
        from: Int64 = 1, through: Int64? = nil, names: Set<NoticeName>? = nil,
        sender: Sender? = nil, conversation: NoticeID? = nil, kinds: Set<NoticeKind>? = nil,
        limit: Int? = nil
    ) {
        self.from = from
        self.through = through
        self.names = names
        self.sender = sender
        self.conversation = conversation
        self.kinds = kinds
        self.limit = limit
    }

    /// The stored values of `kinds` other than ``NoticeKind/notice`` (whose
    /// column is NULL), sorted, for a backend's `kind IN (…)`.
    package var storedKinds: [String] {
        (kinds ?? []).compactMap(\.storedValue).sorted()
    }

    /// Whether `kinds` takes ordinary notices.
    package var takesOrdinaryNotices: Bool {
        kinds?.contains(.notice) ?? true
    }
}
