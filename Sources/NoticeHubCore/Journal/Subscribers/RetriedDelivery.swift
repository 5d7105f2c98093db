/// Hands one notice to a durable subscriber's handler under a
/// ``DeliveryPolicy``: again after each delay while it throws, up to the
/// policy's deliveries, or until the subscriber is cancelled.
struct RetriedDelivery {
    /// What became of the notice.
    enum Outcome {
        case handled
        /// Every delivery threw; the last error's description, and how many.
        case exhausted(error: String, deliveries: Int)
        /// Cancelled between deliveries: neither handled nor parked.
        case cancelled
    }

    let policy: DeliveryPolicy
    /// Waits a delay; false when cancelled, at once or during it.
    let wait: (Duration) -> Bool

    func deliver(_ notice: Notice, to handler: (Notice) throws -> Void) -> Outcome {
        var delivery = 1
        while true {
            do {
                try handler(notice)
                return .handled
            } catch {
                guard delivery < policy.maxDeliveries else {
                    return .exhausted(error: String(describing: error), deliveries: delivery)
                }
                delivery += 1
                guard wait(policy.delay(before: delivery)) else { return .cancelled }
            }
        }
    }
}
