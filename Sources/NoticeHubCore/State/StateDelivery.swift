import Synchronization

/// Where a state observation's changed values go: to its handler on the
/// thread that read them, or through the lane of its isolation (the main
/// actor, a queue), where only the latest value waits: a handler that runs
/// behind the commits gets the newest state, not each one on the way.
final class StateDelivery<Value: Sendable>: Sendable {
    private let handler: @Sendable (Value) -> Void
    private let lane: IsolationLane?
    /// Whether the first value goes to the handler at once, on the thread
    /// that starts the observation (one already on the lane's isolation).
    private let initialAtOnce: Bool
    private let latest = Mutex<Value?>(nil)
    private let stopped = Atomic<Bool>(false)

    /// Values go to `handler` on the thread that read them.
    init(_ handler: @escaping @Sendable (Value) -> Void) {
        self.handler = handler
        lane = nil
        initialAtOnce = true
    }

    /// Values go to `handler` through `lane`; the first one at once when
    /// `initialAtOnce`.
    init(through lane: IsolationLane, initialAtOnce: Bool, _ handler: @escaping @Sendable (Value) -> Void) {
        self.handler = handler
        self.lane = lane
        self.initialAtOnce = initialAtOnce
    }

    func deliver(_ value: Value, initial: Bool) {
        guard let lane, !(initial && initialAtOnce) else { return handler(value) }
        latest.withLock { $0 = value }
        lane.enqueue { [self] in
            guard !stopped.load(ordering: .acquiring), let value = latest.withLock({ $0.take() }) else { return }
            handler(value)
        }
    }

    /// No value waiting on the lane is handed over after this.
    func stop() {
        stopped.store(true, ordering: .releasing)
    }
}
