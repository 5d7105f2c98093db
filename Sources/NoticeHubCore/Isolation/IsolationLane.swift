import Synchronization

/// The deliveries waiting for one isolation (the main actor, an actor, a
/// queue), for every observer that runs there: appended on the posting
/// thread in posting order, and run on the isolation by one scheduled drain
/// at a time. One lane per isolation keeps the posting order across its
/// observers too, as a serial queue would: a screen that observes two names
/// sees them in the order they were posted.
///
/// A drain runs what waits when it starts; what arrives meanwhile gets a
/// drain of its own, scheduled behind whatever else the isolation has to do,
/// so a busy poster cannot keep the main actor to itself.
final class IsolationLane: Sendable {
    typealias Delivery = @Sendable () -> Void
    typealias Scheduler = @Sendable (@escaping @Sendable () -> Void) -> Void

    private struct State {
        var pending: [Delivery] = []
        var isScheduled = false
    }

    private let state = Mutex(State())
    /// Runs a drain on the isolation.
    private let schedule: Scheduler

    init(schedule: @escaping Scheduler) {
        self.schedule = schedule
    }

    /// Appends `delivery`, scheduling a drain unless one is pending.
    func enqueue(_ delivery: @escaping Delivery) {
        let schedules = state.locked { state in
            state.pending.append(delivery)
            guard !state.isScheduled else { return false }
            state.isScheduled = true
            return true
        }
        if schedules { schedule { [self] in drain() } }
    }

    /// Runs what waits now, in order, then schedules another drain if more
    /// arrived meanwhile.
    private func drain() {
        let batch = state.locked { state in
            defer { state.pending.removeAll(keepingCapacity: true) }
            return state.pending
        }
        for delivery in batch { delivery() }
        let more = state.locked { state in
            if state.pending.isEmpty { state.isScheduled = false }
            return state.isScheduled
        }
        if more { schedule { [self] in drain() } }
    }
}

/// The lanes of the isolations observers run on, one per main actor, actor
/// or queue, while an observer uses it. A lane holds its isolation strongly,
/// so the identifier it is found by is not reused while it lives.
enum IsolationLanes {
    private struct WeakLane {
        weak var lane: IsolationLane?
    }

    private static let lanes = Mutex<[ObjectIdentifier: WeakLane]>([:])

    /// The main actor's lane.
    static let mainActor = IsolationLane(schedule: Isolation.mainActor)

    /// The lane of `isolation`, made with `schedule` if it has none.
    static func lane(for isolation: AnyObject, schedule: @escaping IsolationLane.Scheduler) -> IsolationLane {
        lanes.locked { lanes in
            let key = ObjectIdentifier(isolation)
            if let lane = lanes[key]?.lane { return lane }
            lanes = lanes.filter { $0.value.lane != nil }
            let lane = IsolationLane(schedule: schedule)
            lanes[key] = WeakLane(lane: lane)
            return lane
        }
    }
}

/// An isolated observer's subscription: the hub's registration, which puts
/// its deliveries in the lane, and a flag each delivery checks on the
/// isolation, so that a cancel made there is never followed by a delivery.
final class IsolatedRegistration: CancellableRegistration {
    private let registration: any CancellableRegistration
    private let cancelled: CancelFlag

    init(_ registration: any CancellableRegistration, _ cancelled: CancelFlag) {
        self.registration = registration
        self.cancelled = cancelled
    }

    func cancel() {
        cancelled.set()
        registration.cancel()
    }

    /// Cancelled, or ended with its owner.
    var isCancelled: Bool { cancelled.isSet || registration.isCancelled }
}

/// Set once an isolated observer is cancelled.
final class CancelFlag: Sendable {
    private let bit = Atomic<Bool>(false)
    var isSet: Bool { bit.load(ordering: .acquiring) }
    func set() { bit.store(true, ordering: .releasing) }
}
