import CoreMetrics
import Synchronization

/// A swift-metrics backend, given to one hub, that keeps a single figure:
/// when that hub's last commit ended. The journal's writer records
/// `noticehub.journal.commit.duration` on the committing thread as soon as
/// the commit returns; this backend reads the monotonic clock (``now()``)
/// there, so a workload can measure from the commit itself rather than
/// from the call that led to it. Every other metric goes to swift-metrics'
/// no-op handler.
final class CommitClock: MetricsFactory, Sendable {
    private let stamp = CommitStamp()

    /// When the last commit ended, by ``now()``; 0 before the first.
    var lastCommitEnd: UInt64 { stamp.lastEnd.load(ordering: .acquiring) }

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

/// The commit timer's handler: the duration it is given is ignored, the
/// moment it is given is kept.
private final class CommitStamp: TimerHandler, Sendable {
    let lastEnd = Atomic<UInt64>(0)

    func recordNanoseconds(_ duration: Int64) {
        lastEnd.store(now(), ordering: .releasing)
    }
}
