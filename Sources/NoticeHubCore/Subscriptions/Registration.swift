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
/// running. A registration delivers in one of two modes, recorded in its
/// state word beside the cancelled bit:
///
/// - **Counted** (every registration starts so): an invocation adds itself to
///   the state word's count with an atomic read-modify-write, and only runs
///   the handler when the cancelled bit was clear in the value it replaced.
///   `cancel()` sets the bit with a read-modify-write of the same word and
///   waits for the count to drain. Both sides change one word, so they are
///   ordered by it alone: no fence, and no look at other threads.
/// - **Slotted**: after ``upgradeThreshold`` invocations the registration
///   switches for good. An invocation then announces itself in its thread's
///   running slot (``DeliveryThread``), fences lightly, and runs only if the
///   cancelled bit is clear: no read-modify-write, which is what keeps a
///   post to long-lived observers fast. `cancel()` pays instead: it sets the
///   bit, makes every thread fence (``AsymmetricFence/heavy()``) and waits
///   until no thread's slot holds the registration.
///
/// Why the two compose: the switch is a read-modify-write of the state word
/// that only succeeds while the cancelled bit is clear, and `cancel()` sets
/// that bit with a read-modify-write of the same word, so the word's
/// modification order puts one before the other. If the switch came first,
/// `cancel()` sees the slotted bit and waits for the slots and the count
/// alike; an invocation that saw the slotted bit saw the switch, so its
/// registration's cancel takes that path. If the cancel came first, the
/// switch never happens, and every invocation is counted: its
/// read-modify-write either comes before the cancel's (and is waited for)
/// or sees the cancelled bit. Subscriptions that come and go therefore never
/// pay for a process-wide fence, and a cancel pays one only for a
/// registration that has been delivered often. Invocations nested deeper
/// than the running slots count themselves in either mode.
///
/// An observer's registration may outlive its cancel in the per-thread
/// caches of handler lists (``TargetCache``), so a cancel that waited for the
/// running handlers releases the handler, and what its closure captured, at
/// once.
///
/// Not generic: the handler sits in a typed box that the caller names when
/// it invokes (observers' registries hold only ``ObserverHandler``s,
/// responders' only ``Responder``s). A generic class would reach
/// `cancel()` through the token's existential in unspecialized code, which
/// looks up generic metadata at run time on every subscribe and cancel.
final class Registration: Sendable, CancellableRegistration {
    /// Position in registration order; delivery follows it.
    let number: UInt64
    let name: NoticeName?
    let sender: Sender?
    /// Notices posted by this sender are not delivered here (a colleague's own posts).
    let excludedSender: Sender?
    /// Set for subscriptions that end with their owner.
    let owner: OwnerReference?
    weak let registry: Registry?

    private let state = Atomic<Int>(0)
    /// The handler in a box, as an unmanaged reference: read with no
    /// reference counting, and zero once a cancel released it.
    private let box: Atomic<UInt>
    /// Whether `cancel()` releases the handler. Not for responders: an
    /// asynchronous answer reads the handler outside the running slots, so no
    /// cancel can tell when it has finished with it.
    private let releasesHandler: Bool

    /// The state word: bit 0 cancelled, bit 1 slotted, bits 2–31 the
    /// invocations counted in now, bits 32 and up the invocations counted
    /// so far (towards the switch to slotted).
    private static var cancelledBit: Int { 1 }
    private static var slottedBit: Int { 2 }
    private static var invocationUnit: Int { 4 }
    private static var runningMask: Int { 0xFFFF_FFFC }
    private static var deliveredUnit: Int { 1 << 32 }
    /// Invocations after which a registration delivers through the running
    /// slots: enough that a subscription made for a moment (a request's, a
    /// screen's) stays counted, few enough that a long-lived observer soon
    /// posts without read-modify-writes.
    static var upgradeThreshold: Int { 64 }

    init<Handler: Sendable>(
        number: UInt64, name: NoticeName?, sender: Sender?, excludedSender: Sender?,
        owner: OwnerReference?, registry: Registry, releasesHandler: Bool,
        handler: Handler
    ) {
        self.number = number
        self.name = name
        self.sender = sender
        self.excludedSender = excludedSender
        self.owner = owner
        self.registry = registry
        self.releasesHandler = releasesHandler
        box = Atomic(UInt(bitPattern: Unmanaged.passRetained(HandlerBox(handler)).toOpaque()))
    }

    deinit {
        Self.release(box.load(ordering: .relaxed))
    }

    private static func release(_ bits: UInt) {
        guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return }
        Unmanaged<AnyObject>.fromOpaque(pointer).release()
    }

    /// The handler, for callers outside `invoke` (asynchronous responders,
    /// whose registrations keep it until they are freed).
    func handler<Handler: Sendable>(as type: Handler.Type) -> Handler {
        precondition(!releasesHandler, "the handler of an observer is only reached through invoke")
        return HandlerBox<Handler>.unretained(box.load(ordering: .relaxed)).handler
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
    func invoke<Handler: Sendable>(
        as type: Handler.Type, in context: DeliveryContext, _ body: (Handler) throws -> Void
    ) rethrows -> Bool {
        let level = context.level
        guard level < DeliveryThread.slotCount,
            state.load(ordering: .relaxed) & Self.slottedBit != 0
        else { return try invokeCounted(body) }
        context.enter(slotValue, at: level)
        defer { context.leave(at: level) }
        guard state.load(ordering: .relaxed) & Self.cancelledBit == 0 else { return false }
        return try run(body)
    }

    /// `invoke` in counted mode, and for deliveries nested deeper than the
    /// running slots in either mode; switches to slotted mode at the
    /// threshold.
    private func invokeCounted<Handler: Sendable>(_ body: (Handler) throws -> Void) rethrows -> Bool {
        let before = state.wrappingAdd(Self.invocationUnit + Self.deliveredUnit, ordering: .acquiring).oldValue
        defer { state.wrappingSubtract(Self.invocationUnit, ordering: .releasing) }
        guard before & Self.cancelledBit == 0 else { return false }
        if before >> 32 == Self.upgradeThreshold, before & Self.slottedBit == 0 {
            upgrade()
        }
        return try run(body)
    }

    /// Sets the slotted bit unless a cancel came first (see the type's notes).
    private func upgrade() {
        var current = state.load(ordering: .relaxed)
        while current & (Self.cancelledBit | Self.slottedBit) == 0 {
            let (exchanged, original) = state.compareExchange(
                expected: current, desired: current | Self.slottedBit, ordering: .acquiringAndReleasing)
            if exchanged { return }
            current = original
        }
    }

    @inline(__always)
    private func run<Handler: Sendable>(_ body: (Handler) throws -> Void) rethrows -> Bool {
        if let owner, owner.isGone {
            cancel()
            return false
        }
        // Set until a cancel that has seen this invocation's slot (or count)
        // clear: it cannot be released under this call.
        let bits = box.load(ordering: .relaxed)
        guard bits != 0 else { return false }
        assert(HandlerBox<Handler>.holds(bits), "a registration invoked as \(Handler.self)")
        try Unmanaged<HandlerBox<Handler>>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!)
            .withBorrowedInstance { try body($0.handler) }
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
        if before & Self.slottedBit != 0 {
            DeliveryThreads.waitUntilNoneRuns(slotValue, except: caller)
        }
        while state.load(ordering: .acquiring) & Self.runningMask != 0 {
            sched_yield()
        }
        // No invocation is running and none can start: the handler may go.
        if releasesHandler {
            Self.release(box.exchange(0, ordering: .acquiringAndReleasing))
        }
    }
}

/// A registration's handler, boxed so that it is one reference whatever its
/// type.
final class HandlerBox<Handler: Sendable>: Sendable {
    let handler: Handler

    init(_ handler: Handler) {
        self.handler = handler
    }

    /// Whether the box behind `bits` is of this type (for assertions).
    static func holds(_ bits: UInt) -> Bool {
        Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue() is HandlerBox
    }

    /// The box behind `bits`, which must be a box of this type.
    static func unretained(_ bits: UInt) -> HandlerBox {
        let object = Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue()
        return unsafeDowncast(object, to: HandlerBox.self)
    }
}

/// What a subscription token needs from the registration behind it.
package protocol CancellableRegistration: AnyObject, Sendable {
    func cancel()
    var isCancelled: Bool { get }
    /// Notices a buffering policy dropped; 0 where nothing buffers.
    var droppedCount: Int { get }
}

extension CancellableRegistration {
    package var droppedCount: Int { 0 }
}

/// A weak reference to the object a subscription lives for.
///
/// Unchecked because it holds any class: the hub only ever asks whether the
/// owner is gone, never touches it, and ``Mediator`` uses it for colleagues
/// that it only ever calls on its own thread.
final class OwnerReference: @unchecked Sendable {
    weak let object: AnyObject?

    init(_ object: AnyObject) {
        self.object = object
    }

    var isGone: Bool { object == nil }
}
