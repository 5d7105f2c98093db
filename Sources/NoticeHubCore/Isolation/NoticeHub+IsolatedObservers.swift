/// How observers that run elsewhere than on the posting thread are
/// registered: a synchronous observer that hands each delivery to the lane
/// of the handler's isolation or queue (``IsolationLane``).
extension NoticeHub {
    /// Registers a synchronous observer that turns each notice into an item
    /// (nil: none) and puts its delivery in the isolation's lane. With an
    /// `owner`, the observer ends with it, and the token does not cancel when
    /// dropped.
    func observeIsolated<Item: Sendable>(
        _ name: NoticeName?, _ sender: Sender?, _ colleague: Sender?, owner: OwnerReference? = nil,
        lane: IsolationLane,
        item: @escaping @Sendable (Notice) -> Item?,
        deliver: @escaping @Sendable (Item) -> Void
    ) -> Subscription {
        let cancelled = CancelFlag()
        let pending = pendingDeliveries
        let handler: ObserverHandler = { notice in
            guard let item = item(notice) else { return }
            pending.add()
            lane.enqueue {
                // The owner may have gone while the delivery waited.
                if !cancelled.isSet, owner?.isGone != true { deliver(item) }
                pending.remove()
            }
        }
        let registration = observers.add(
            name: name, sender: sender, excludedSender: colleague, owner: owner, handler: handler)
        return Subscription(
            registration: IsolatedRegistration(registration, cancelled), issuer: identity,
            cancelsOnDeinit: owner == nil)
    }

    /// Decodes a notice as `Message` on the posting thread, reporting one
    /// that does not decode.
    func typed<Message: NoticeMessage>(_ type: Message.Type) -> @Sendable (Notice) -> (Message, Notice)? {
        let reports = undecodableReports
        let identity = identity
        return { notice in reports.decode(notice, as: Message.self, hub: identity).map { ($0, notice) } }
    }

    /// The lane of the queue `scheduling` names; nil for the posting thread.
    func lane(for scheduling: ObserverScheduling) -> IsolationLane? {
        switch scheduling.place {
        case .postingThread: nil
        case .queue(let queue): IsolationLanes.lane(for: queue, schedule: Isolation.queue(queue))
        case .operationQueue(let queue):
            IsolationLanes.lane(for: queue.queue, schedule: Isolation.queue(queue))
        }
    }
}
