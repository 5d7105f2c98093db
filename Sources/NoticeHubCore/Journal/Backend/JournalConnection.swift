/// One connection to a journal: what every backend does. Not `Sendable`:
/// one owner serializes it.
///
/// Appends happen between ``beginAppending()`` and ``commitAppending()``;
/// each ``append(_:projections:)`` applies the notice's inline projections
/// in the same transaction, and undoes only its own work when one refuses.
/// A connection that keeps no projections' state
/// (not a ``ProjectionJournalConnection``) is never handed any.
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

    /// Counts and bounds of the journal.
    func statistics() throws -> JournalStatistics
    /// What the storage's own consistency check finds wrong; empty when sound.
    func integrityProblems() throws -> [String]

    /// A durable subscriber's cursor: the last sequence it handled.
    func cursor(of subscriber: String) throws -> Int64?
    /// Saves a durable subscriber's cursor: inside the open append
    /// transaction when there is one, else at once.
    func saveCursor(_ cursor: Int64, of subscriber: String) throws
}

extension JournalConnection {
    /// False: notices are appended as they arrive.
    public var appendsWholeBatches: Bool { false }

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
