/// The token a hub returns for every observer, responder and stream.
///
/// - ``cancel()`` ends the subscription; calling it again does nothing.
/// - Dropping the last reference cancels too, except for owner-bound
///   subscriptions (those given an `owner:`),
///   which end with their owner.
/// - Once `cancel()` returns on a thread that is not itself delivering a
///   notice, the handler is never called again; handlers already running on
///   other threads have finished. Called from inside a handler, it cannot wait
///   for other threads (that could deadlock), but this thread's pending
///   deliveries, including the one in progress, skip the cancelled handler.
public final class Subscription: Sendable, Hashable {
    package let registration: any CancellableRegistration
    /// The hub that issued the token; other hubs refuse it.
    let issuer: ObjectIdentifier
    private let cancelsOnDeinit: Bool

    init(registration: any CancellableRegistration, issuer: ObjectIdentifier, cancelsOnDeinit: Bool = true) {
        self.registration = registration
        self.issuer = issuer
        self.cancelsOnDeinit = cancelsOnDeinit
    }

    deinit {
        if cancelsOnDeinit { registration.cancel() }
    }

    /// Ends the subscription. Idempotent.
    ///
    /// Called outside every delivery, it returns once no thread runs the
    /// handler, and an observer's handler (with what its closure captured)
    /// has been released by then.
    public func cancel() {
        registration.cancel()
    }

    /// True once cancelled, or once an owner-bound subscription's owner is gone
    /// and the hub noticed.
    public var isCancelled: Bool { registration.isCancelled }

    /// Notices an asynchronous observer's buffer dropped, as its
    /// `buffering` policy says (``NoticeHub/observe(_:sender:buffering:using:)-(NoticeName?,_,_,_)``);
    /// 0 for every other subscription.
    public var droppedCount: Int { registration.droppedCount }

    /// Keeps the subscription alive as long as `set` is (Combine's idiom).
    public func store(in set: inout Set<Subscription>) {
        set.insert(self)
    }

    public static func == (lhs: Subscription, rhs: Subscription) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
