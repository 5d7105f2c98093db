/// A mediator modeled on Foundation's `NotificationCenter`: colleagues post
/// notices to the hub and observe them, filtered by name and by sender, and the
/// hub delivers. It adds what NotificationCenter lacks: replies
/// (``request(_:payload:from:as:)``), typed messages, async sequences and, on a
/// journal, replay.
///
/// ```swift
/// let hub = NoticeHub()
/// let token = hub.observe("greeting", sender: "Athos") { notice in
///     print("heard", notice.name)
/// }
/// try hub.post("greeting", sender: "Athos")
/// token.cancel()
/// ```
///
/// ## Delivery rules
/// - Synchronous, on the posting thread, in registration order.
/// - Matching is NotificationCenter's: a nil name observes every name, a nil
///   sender every sender; a sender filter never matches a notice posted
///   without a sender.
/// - A handler may post (the new notice is delivered at once, depth-first),
///   observe or cancel. A subscription added during a delivery does not get
///   the notice in flight; one cancelled during it is skipped.
/// - Post, observe and cancel are safe from any thread at once.
public final class NoticeHub: Sendable {
    let observers = Registry<ObserverHandler>()
    let responders = Registry<Responder>()

    /// An in-memory hub: notices live only as long as their delivery.
    public init() {}

    /// The identity tokens carry, so a hub can refuse tokens it did not issue.
    var identity: ObjectIdentifier { ObjectIdentifier(self) }

    /// Cancels a token this hub issued, throwing
    /// ``NoticeHubError/foreignSubscription`` for a token from another hub
    /// (the token is then left untouched).
    public func remove(_ subscription: Subscription) throws(NoticeHubError) {
        guard subscription.issuer == identity else { throw .foreignSubscription }
        subscription.cancel()
    }

    /// Live observers (streams included), for diagnostics and tests.
    public var observerCount: Int { observers.count }

    /// Live responders, for diagnostics and tests.
    public var responderCount: Int { responders.count }

    /// Removes subscriptions whose owners are gone now, instead of waiting for
    /// the hub to notice them during delivery or registration.
    public func reclaimOrphans() {
        observers.sweepOrphans()
        responders.sweepOrphans()
    }
}

typealias ObserverHandler = @Sendable (Notice) -> Void

extension NoticeHub {
    /// How many observers a notice with this name and sender would reach: what
    /// a post costs, whatever is registered under other names.
    public func deliveryTargetCount(for name: NoticeName, sender: Sender?) -> Int {
        observers.targets(name: name, sender: sender).count
    }
}
