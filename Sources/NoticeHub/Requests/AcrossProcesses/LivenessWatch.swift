import Foundation

/// Checks, every ``interval`` on a thread of its own, whether the claims of
/// the responders a request across processes still waits for are alive, so
/// that one that died mid-request stops being waited for. The check asks the
/// journal, which may block, so it stays off the tasks' threads. A failed
/// check is tried again at the next one.
final class LivenessWatch: Sendable {
    /// How often the claims of responders yet to answer are checked.
    static var interval: Duration { .milliseconds(100) }

    private let stopped = DispatchSemaphore(value: 0)
    private let running: Bool

    init<Value: Sendable>(_ collector: ReplyCollector<Value, AskedResponders>, on journal: any NoticeJournal) {
        let stopped = stopped
        let interval = Self.interval.seconds
        running = SystemThread.start(name: "NoticeHub reply liveness") {
            while stopped.wait(timeout: .now() + interval) == .timedOut {
                Self.check(collector, on: journal)
            }
        }
    }

    /// Ends the checks.
    func stop() {
        if running { stopped.signal() }
    }

    private static func check<Value: Sendable>(
        _ collector: ReplyCollector<Value, AskedResponders>, on journal: any NoticeJournal
    ) {
        guard let keys = collector.accounting(\.keysToWatch), !keys.isEmpty,
            let alive = try? journal.liveResponderKeys(among: keys)
        else { return }
        collector.updateAccounting { $0.keep(alive, of: keys) }
    }
}
