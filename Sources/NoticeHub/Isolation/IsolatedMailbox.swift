import Synchronization

/// What waits for an observer that runs on an isolation of its own (the main
/// actor, an actor, a queue): appended on the posting thread in posting
/// order, and handed over on the isolation by one scheduled drain at a time.
///
/// A drain takes what is waiting when it starts; what arrives meanwhile gets
/// a drain of its own, scheduled behind whatever else the isolation has to
/// do, so a busy poster cannot keep the main actor to itself. Once
/// cancelled, nothing more is handed over: a drain checks before each item,
/// on the isolation, so a cancel made there is never followed by a delivery.
final class IsolatedMailbox<Item: Sendable>: Sendable {
    private struct State {
        var pending: [Item] = []
        var isScheduled = false
    }

    private let state = Mutex(State())
    private let cancelled = Atomic<Bool>(false)
    /// Runs a drain on the isolation.
    private let schedule: @Sendable (@escaping @Sendable () -> Void) -> Void
    /// Hands one item over; called on the isolation.
    private let deliver: @Sendable (Item) -> Void

    init(
        schedule: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void,
        deliver: @escaping @Sendable (Item) -> Void
    ) {
        self.schedule = schedule
        self.deliver = deliver
    }

    /// Appends `item`, scheduling a drain unless one is pending.
    func enqueue(_ item: Item) {
        guard !cancelled.load(ordering: .relaxed) else { return }
        let schedules = state.withLock { state in
            state.pending.append(item)
            guard !state.isScheduled else { return false }
            state.isScheduled = true
            return true
        }
        if schedules { schedule { [self] in drain() } }
    }

    /// Hands over what waits now, in order, then schedules another drain if
    /// more arrived meanwhile.
    private func drain() {
        let batch = state.withLock { state in
            defer { state.pending.removeAll(keepingCapacity: true) }
            return state.pending
        }
        for item in batch {
            guard !cancelled.load(ordering: .acquiring) else { return }
            deliver(item)
        }
        let more = state.withLock { state in
            if state.pending.isEmpty { state.isScheduled = false }
            return state.isScheduled
        }
        if more { schedule { [self] in drain() } }
    }

    /// Hands nothing over from now on, and lets go of what waits.
    func cancel() {
        cancelled.store(true, ordering: .releasing)
        state.withLock { $0.pending.removeAll() }
    }

    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }
}

/// A subscription to an isolated observer: the hub's registration, which
/// feeds the mailbox, and the mailbox, which stops handing over.
final class IsolatedRegistration<Item: Sendable>: CancellableRegistration {
    private let registration: any CancellableRegistration
    private let mailbox: IsolatedMailbox<Item>

    init(_ registration: any CancellableRegistration, _ mailbox: IsolatedMailbox<Item>) {
        self.registration = registration
        self.mailbox = mailbox
    }

    func cancel() {
        mailbox.cancel()
        registration.cancel()
    }

    /// Cancelled, or ended with its owner.
    var isCancelled: Bool { mailbox.isCancelled || registration.isCancelled }
}
