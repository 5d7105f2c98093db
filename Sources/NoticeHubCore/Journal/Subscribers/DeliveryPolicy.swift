/// How often, and after what delays, a durable subscriber hands a notice its
/// handler threw for again before it parks it
/// (``HubJournal/subscribe(as:names:pollInterval:delivery:sharing:onFailure:handler:)-5cpon``).
///
/// A notice is delivered at most ``maxDeliveries`` times in all. Before the
/// second delivery the subscriber waits ``backoff``'s first delay, before
/// the third its second, and so on; once the list is used up its last delay
/// is waited again, as NATS JetStream's `backoff` does. After the last
/// delivery fails the notice is parked (``ParkedNotice``) and the subscriber
/// goes on with the next.
///
/// ```swift
/// // Three tries, 10 ms then 50 ms apart, then park.
/// let delivery = DeliveryPolicy(maxDeliveries: 3, backoff: [.milliseconds(10), .milliseconds(50)])
/// ```
public struct DeliveryPolicy: Sendable, Equatable {
    /// How many times a notice is handed to the handler in all, at least 1.
    public var maxDeliveries: Int
    /// The delays before the second delivery, the third, and so on.
    public var backoff: [Duration]

    /// A policy of `maxDeliveries` (1 when less) with `backoff`'s delays
    /// (negative ones count as 0).
    public init(maxDeliveries: Int, backoff: [Duration] = []) {
        self.maxDeliveries = max(1, maxDeliveries)
        self.backoff = backoff.map { max($0, .zero) }
    }

    /// Five deliveries, 0.1 s, 1 s, 5 s and 30 s apart: a passing outage (a
    /// database restarting, a network cut) is ridden out in about half a
    /// minute before a notice is parked.
    public static let standard = DeliveryPolicy(
        maxDeliveries: 5, backoff: [.milliseconds(100), .seconds(1), .seconds(5), .seconds(30)])

    /// The delay before delivery number `delivery` (2 for the first retry).
    func delay(before delivery: Int) -> Duration {
        guard let last = backoff.last else { return .zero }
        let index = delivery - 2
        return index < backoff.count ? backoff[max(0, index)] : last
    }
}
