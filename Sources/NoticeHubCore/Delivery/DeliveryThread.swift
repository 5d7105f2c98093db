#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Synchronization

/// One thread's delivery state: how deep it is in nested deliveries, which hub
/// it is replaying, which registrations' handlers it is running now, the
/// notice ids it may hand out and the observer lists of its recent posts.
///
/// The running slots are what make `cancel()` exact without atomic
/// read-modify-writes on the delivery path of a registration delivered
/// often (``Registration`` explains its two modes): a delivery at nesting
/// level L writes the registration into slot L, fences lightly, then checks
/// the cancelled bit; a cancel sets the bit, fences heavily and waits until
/// no thread's slot holds the registration (``DeliveryThreads``). Deliveries
/// nested deeper than the slots count on the registration instead.
///
/// The state lives in memory of its own so that the delivery path reaches it
/// through a plain pointer (``DeliveryContext``), with no reference counting;
/// this object owns that memory and keeps it alive for threads that scan it.
/// `@unchecked Sendable`: `depth`, `replaying`, the ids and the lists are only
/// touched by the owning thread; other threads only read the atomic slots.
final class DeliveryThread: @unchecked Sendable {
    /// One atomic slot per nesting level of delivery on this thread.
    typealias RunningSlots = InlineArray<8, Atomic<UInt>>

    /// The running slots per thread.
    static var slotCount: Int { RunningSlots.count }

    struct State: ~Copyable {
        var depth = 0
        var replaying: UInt = 0
        /// This thread's block of notice-id counter values: the next one to hand
        /// out and the end of the block (see ``DeliveryContext/nextID(milliseconds:)``).
        var nextIDCount: UInt64 = 0
        var idBlockEnd: UInt64 = 0
        /// The conversation and cause of what this thread posts now: those
        /// of a notice the delivered one causes, during a delivery.
        var causing = NoticeLinks.none
        /// Whether the light fence may be a compiler barrier only.
        let expedited = AsymmetricFence.isExpedited
        let running = RunningSlots { _ in Atomic(0) }
        /// Observer lists of recent posts; see ``TargetCache``.
        var targets = TargetCache()
        /// The undecodable notices of the replay this thread runs, if any.
        /// Last, off the fields a post reads.
        var replayUndecodables: ReplayUndecodables?
    }

    let state: UnsafeMutablePointer<State>

    init() {
        state = .allocate(capacity: 1)
        state.initialize(to: State())
    }

    /// True while this thread is inside at least one handler call. Read by
    /// the owning thread only.
    var isDelivering: Bool { state.pointee.depth > 0 }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Waits (yielding) while this thread runs the registration `value`.
    func waitWhileRunning(_ value: UInt) {
        for level in 0..<Self.slotCount {
            while state.pointee.running[level].load(ordering: .acquiring) == value {
                sched_yield()
            }
        }
    }
}
