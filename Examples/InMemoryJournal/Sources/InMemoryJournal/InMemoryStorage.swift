import NoticeHub
import Synchronization

/// The place an in-memory journal lives: its notices, durable subscribers'
/// cursors and claims, and responders' announcements, shared by every
/// ``InMemoryJournal`` made over it, as one SQLite file is shared by the
/// processes that open it. It lasts as long as something holds it.
///
/// A journal object stands for a process: hubs on two journal objects of one
/// storage see each other's commits as followers, refuse each other's
/// durable subscriber names and answer each other's requests.
///
/// ```swift
/// let storage = InMemoryStorage(name: "orders")
/// let writer = try NoticeHub(journal: InMemoryJournal(storage))
/// let reader = try NoticeHub(journal: InMemoryJournal(storage))
/// ```
public final class InMemoryStorage: Sendable {
    /// What the storage is called in ``location``.
    public let name: String

    /// The journal layout this storage keeps, in the numbering of the built-in
    /// backends' schemas (``JournalStatistics/schemaVersion``): notices with
    /// their kinds, conversations and causes (version 3), subscribers'
    /// cursors and responders' claims; no projections (which version 4 adds).
    /// Each notice's payload version is kept too, which the built-in schemas
    /// add after projections (SQLite's version 6, PostgreSQL's version 5).
    public static let schemaVersion = 3

    let state = Mutex(StorageState())
    let writeLock = WriteLock()

    /// An empty storage.
    public init(name: String = "journal") {
        self.name = name
    }

    /// `memory:<name>`, as errors and tools name the journal.
    public var location: String { "memory:\(name)" }

    /// The highest committed sequence number, 0 when there is none.
    var lastSequence: Int64 {
        state.withLock { $0.lastSequence }
    }

    /// The change counter: advanced by every commit.
    var version: Int64 {
        state.withLock { $0.version }
    }

    /// The committed sequence number of the notice `id`, if it is stored.
    func sequence(of id: NoticeID) -> Int64? {
        state.withLock { $0.sequenceByID[id] }
    }

    /// Rows a read looks at per hold of the lock, selected or not.
    static let scanLimit = 4_096

    /// Up to `limit` committed rows from `first` through `last` that `query`
    /// selects, and the sequence number to go on from: one short hold of the
    /// lock (at most ``scanLimit`` rows looked at), so that a long read lets
    /// writers in between its pages.
    func rows(
        selectedBy query: JournalQuery, from first: Int64, through last: Int64, limit: Int
    ) -> (rows: [StoredNotice], next: Int64) {
        state.withLock { state in
            var rows: [StoredNotice] = []
            var sequence = max(first, 1)
            let end = min(last, state.lastSequence, sequence + Int64(Self.scanLimit) - 1)
            while sequence <= end && rows.count < limit {
                let row = state.notices[Int(sequence - 1)]
                if query.selects(row) { rows.append(row) }
                sequence += 1
            }
            return (rows, sequence)
        }
    }

    /// Publishes a transaction's notices and cursors, lets go of the write
    /// lock (held by the caller, and let go on a failure too), then wakes the
    /// commit watchers if the transaction added notices.
    func commit(_ transaction: PendingTransaction) throws(JournalError) {
        let published = Result { () throws(JournalError) -> [@Sendable () -> Void] in
            try state.withLock { state throws(JournalError) -> [@Sendable () -> Void] in
                // The write lock makes this hold; checked, since a gap would
                // break every follower's arithmetic.
                guard state.lastSequence == transaction.base else {
                    let moved = "the journal moved from #\(transaction.base) to #\(state.lastSequence)"
                    throw .storage("\(location): \(moved) under an open transaction")
                }
                for row in transaction.notices {
                    state.notices.append(row)
                    state.sequenceByID[row.id] = row.sequence
                    state.countByName[row.name, default: 0] += 1
                }
                state.cursors.merge(transaction.cursors) { _, saved in saved }
                state.version += 1
                return transaction.notices.isEmpty ? [] : Array(state.watchers.values)
            }
        }
        writeLock.release()
        for wake in try published.get() { wake() }
    }

    /// Saves a cursor outside any transaction, as a commit of its own.
    func saveCursor(_ cursor: Int64, of subscriber: String) {
        state.withLock { state in
            state.cursors[subscriber] = cursor
            state.version += 1
        }
    }

    /// A subscriber's committed cursor.
    func cursor(of subscriber: String) -> Int64? {
        state.withLock { $0.cursors[subscriber] }
    }
}
