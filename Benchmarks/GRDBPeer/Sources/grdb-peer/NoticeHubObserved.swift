import CoreMetrics
import NoticeHub
import Synchronization

/// NoticeHub's side: a hub of durability `.always` carrying ``Clicks``, an
/// observation of the query (`hub.journal.observe`) with the scheduling
/// given, and writes by posting a click. The commit's end is stamped by the
/// hub's commit timer (`noticehub.journal.commit.duration`), which the
/// writer records on the committing thread as soon as the commit returns.
final class NoticeHubObserved: ObservedWriter {
    let label: String
    private let hub: NoticeHub
    private let clock = CommitClock()
    private let delivered = Delivered()
    private var observing: Subscription?

    init(path: String, scheduling: ObserverScheduling, label: String) throws {
        self.label = label
        hub = try NoticeHub(
            journal: SQLiteJournal(path: path), durability: .always, projections: [Clicks()], metrics: clock)
        let delivered = delivered
        observing = try hub.journal.observe(Clicks(), scheduling: scheduling, reading: Clicks.home) { value in
            delivered.record(value, at: now())
        }
        _ = try delivered.wait(for: 0)
    }

    func write(expecting expected: Int64) throws -> Sample {
        let before = now()
        try hub.post(Clicks.name, payload: "home")
        let delivered = try delivered.wait(for: expected)
        return Sample(commit: clock.lastCommitEnd, write: before, delivered: delivered)
    }
}

/// A metrics backend that keeps when the hub's last commit ended; every
/// other metric goes to swift-metrics' no-op handler.
private final class CommitClock: MetricsFactory, Sendable {
    private let stamp = CommitStamp()

    var lastCommitEnd: UInt64 { stamp.last.load(ordering: .acquiring) }

    func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
        label == "noticehub.journal.commit.duration" ? stamp : NOOPMetricsHandler.instance
    }

    func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
        NOOPMetricsHandler.instance
    }

    func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
        NOOPMetricsHandler.instance
    }

    func destroyCounter(_ handler: any CounterHandler) {}
    func destroyRecorder(_ handler: any RecorderHandler) {}
    func destroyTimer(_ handler: any TimerHandler) {}
}

/// The commit timer's handler: keeps the moment it is called.
private final class CommitStamp: TimerHandler, Sendable {
    let last = Atomic<UInt64>(0)

    func recordNanoseconds(_ duration: Int64) {
        last.store(now(), ordering: .releasing)
    }
}
