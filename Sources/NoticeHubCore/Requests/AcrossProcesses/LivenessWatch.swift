/// Checks, every ``interval`` from a ``BackgroundWorker``, whether the
/// claims of the responders a request across processes still waits for are
/// alive, so that one that died mid-request stops being waited for. The
/// check asks the journal, which may block, so it stays off the tasks'
/// threads. A failed check is tried again at the next one.
final class LivenessWatch: Sendable {
    /// How often the claims of responders yet to answer are checked.
    static var interval: Duration { .milliseconds(100) }

    private let worker: BackgroundWorker?

    init<Value: Sendable>(_ collector: ReplyCollector<Value, AskedResponders>, on journal: any ResponderClaimingJournal)
    {
        // Without its thread, a responder that dies mid-request is waited
        // for until the timeout: the collection still ends.
        worker = BackgroundWorker(name: "NoticeHub reply liveness", firstRest: Self.interval) {
            Self.check(collector, on: journal)
            return .after(Self.interval)
        }
    }

    /// Ends the checks.
    func stop() {
        worker?.stop()
    }

    private static func check<Value: Sendable>(
        _ collector: ReplyCollector<Value, AskedResponders>, on journal: any ResponderClaimingJournal
    ) {
        guard let keys = collector.accounting(\.keysToWatch), !keys.isEmpty,
            let alive = try? journal.liveResponderKeys(among: keys)
        else { return }
        collector.updateAccounting { $0.keep(alive, of: keys) }
    }
}
