#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// One registered handler with its filters, shared by observers and responders.
///
/// Cancellation is exact: once `cancel()` returns (called outside any
/// delivery), the handler never runs again and no call of it is still
/// running. An invocation announces itself in its thread's running slot
/// (``DeliveryThread``) and only starts while the cancelled bit is clear;
/// `cancel()` sets the bit and waits for every slot holding this
/// registration. Invocations nested deeper than the slots count themselves
/// in the state word instead: bit 0 says cancelled, the rest counts those
/// invocations (in steps of two).
final class Registration<Handler: Sendable>: Sendable, CancellableRegistration {
    /// Position in registration order; delivery follows it.
    let number: UInt64
    let name: NoticeName?
    let sender: Sender?
    /// Notices posted by this sender are not delivered here (a colleague's own posts).
    let excludedSender: Sender?
    let handler: Handler
    /// Set for subscriptions that end with their owner.
    let owner: OwnerReference?
    weak let registry: Registry<Handler>?

    private let state = Atomic<Int>(0)
    private static var cancelledBit: Int { 1 }
    private static var invocationUnit: Int { 2 }

    init(
        number: UInt64, name: NoticeName?, sender: Sender?, excludedSender: Sender?,
        owner: OwnerReference?, registry: Registry<Handler>, handler: Handler
    ) {
        self.number = number
        self.name = name
        self.sender = sender
        self.excludedSender = excludedSender
        self.owner = owner
        self.registry = registry
        self.handler = handler
    }

    /// Whether a notice from `noticeSender` is for this registration.
    func accepts(_ noticeSender: Sender?) -> Bool {
        if let sender, sender != noticeSender { return false }
        if let excludedSender, excludedSender == noticeSender { return false }
        return true
    }

    /// This registration as a running-slot value.
    private var slotValue: UInt { UInt(bitPattern: ObjectIdentifier(self)) }

    /// Runs `body` with the handler unless cancelled or orphaned; false when
    /// skipped. Call it inside `context.delivering`: an orphan cancels itself
    /// here and must not wait for its own invocation.
    @inline(__always)
    func invoke(in context: DeliveryContext, _ body: (Handler) throws -> Void) rethrows -> Bool {
        let level = context.level
        guard level < DeliveryThread.slotCount else { return try invokeCounted(body) }
        context.enter(slotValue, at: level)
        defer { context.leave(at: level) }
        guard state.load(ordering: .relaxed) & Self.cancelledBit == 0 else { return false }
        return try run(body)
    }

    /// `invoke` for deliveries nested deeper than the running slots.
    private func invokeCounted(_ body: (Handler) throws -> Void) rethrows -> Bool {
        let before = state.wrappingAdd(Self.invocationUnit, ordering: .acquiring).oldValue
        defer { state.wrappingSubtract(Self.invocationUnit, ordering: .releasing) }
        guard before & Self.cancelledBit == 0 else { return false }
        return try run(body)
    }

    @inline(__always)
    private func run(_ body: (Handler) throws -> Void) rethrows -> Bool {
        if let owner, owner.isGone {
            cancel()
            return false
        }
        try body(handler)
        return true
    }

    var isCancelled: Bool {
        state.load(ordering: .acquiring) & Self.cancelledBit != 0
    }

    /// True when the owner this registration lived for is gone.
    var isOrphaned: Bool { owner?.isGone ?? false }

    func cancel() {
        let before = state.bitwiseOr(Self.cancelledBit, ordering: .acquiringAndReleasing).oldValue
        guard before & Self.cancelledBit == 0 else { return }
        registry?.remove(self)
        // Inside a delivery this thread may itself be running the handler (or a
        // handler another thread waits on): waiting could never end.
        let caller = DeliveryContext.existingThread
        if let caller, caller.isDelivering { return }
        DeliveryThreads.waitUntilNoneRuns(slotValue, except: caller)
        while state.load(ordering: .acquiring) >= Self.invocationUnit {
            sched_yield()
        }
    }
}

/// What a subscription token needs from the registration behind it.
protocol CancellableRegistration: AnyObject, Sendable {
    func cancel()
    var isCancelled: Bool { get }
}

/// A weak reference to the object a subscription lives for.
///
/// Unchecked because it holds any class: the public entry points only accept
/// `Sendable` owners, and ``Mediator`` uses it for colleagues that it only
/// ever calls on its own thread.
final class OwnerReference: @unchecked Sendable {
    weak let object: AnyObject?

    init(_ object: AnyObject) {
        self.object = object
    }

    var isGone: Bool { object == nil }
}
