import Dispatch
import GRDB
import Synchronization

/// GRDB 7.10's side: a `DatabasePool` (WAL; its writer set to
/// `synchronous = FULL` once open, as a NoticeHub journal of durability
/// `.always` commits, where the pool sets `NORMAL`), a `ValueObservation` of the
/// query started with `scheduling: .async(onQueue:)` on a serial queue of its
/// own, and writes through `pool.write`. The commit's end is stamped by a
/// transaction observer added before the observation's, so GRDB calls it
/// first, right after the `COMMIT` statement returns.
final class GRDBObserved: ObservedWriter {
    let label = "GRDB ValueObservation, .async(onQueue:)"
    private let pool: DatabasePool
    private let stamp = CommitStamp()
    private let delivered = Delivered()
    private var observing: AnyDatabaseCancellable?

    init(path: String) throws {
        pool = try DatabasePool(path: path)
        let synchronous = try pool.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
            return try Int.fetchOne(db, sql: "PRAGMA synchronous")
        }
        guard synchronous == 2 else { throw PeerFailure("GRDB's writer kept synchronous = \(synchronous ?? -1)") }
        try pool.write { db in try db.execute(sql: Clicks.createTable) }
        pool.add(transactionObserver: stamp, extent: .databaseLifetime)
        let delivered = delivered
        observing = ValueObservation.tracking { db in
            try Int64.fetchOne(db, sql: Clicks.query, arguments: ["home"]) ?? 0
        }.start(
            in: pool, scheduling: .async(onQueue: DispatchQueue(label: "grdb-peer.observer")),
            onError: { delivered.fail($0) }, onChange: { delivered.record($0, at: now()) })
        _ = try delivered.wait(for: 0)
    }

    /// The SQLite library GRDB links, as it reports itself.
    var sqliteVersion: String {
        get throws { try pool.read { db in try String.fetchOne(db, sql: "SELECT sqlite_version()") ?? "?" } }
    }

    func write(expecting expected: Int64) throws -> Sample {
        let before = now()
        try pool.write { db in try db.execute(sql: Clicks.upsert, arguments: ["home"]) }
        let delivered = try delivered.wait(for: expected)
        return Sample(commit: stamp.last.load(ordering: .acquiring), write: before, delivered: delivered)
    }
}

/// Keeps when the writer's last transaction committed.
private final class CommitStamp: TransactionObserver, Sendable {
    let last = Atomic<UInt64>(0)

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidRollback(_ db: Database) {}

    func databaseDidCommit(_ db: Database) {
        last.store(now(), ordering: .releasing)
    }
}
