import Synchronization

/// One durable post on its way (``GroupCommit``): its poster sleeps on the
/// wake word until the leader has published its outcome, or has handed
/// it the lead.
///
/// `@unchecked Sendable`: `outcome` is written once, by the leader, before
/// it stores `done` with release ordering, and read by the poster only
/// after it loads `done` with acquire ordering (or by the leader that
/// wrote it).
final class PendingAppend: @unchecked Sendable {
    enum State: UInt8, AtomicRepresentable {
        case waiting, done, leads
    }

    let record: JournalRecord
    /// Written before `state` becomes `done` (releasing); read by the
    /// poster after it sees `done` (acquiring).
    var outcome: Result<AppendOutcome, any Error>?
    let state = Atomic<State>(.waiting)

    init(_ record: JournalRecord) {
        self.record = record
    }
}
