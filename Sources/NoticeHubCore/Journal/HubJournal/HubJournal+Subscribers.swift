import Logging

extension HubJournal {
    /// A durable subscriber: `handler` receives, on a thread of its own and in
    /// sequence order, every journaled notice (named `names`, or all) after
    /// the subscriber's saved cursor, then every later one, from any process.
    ///
    /// The cursor is saved after each batch the handler has finished, so after
    /// a crash the subscriber resumes where it left off and may see again the
    /// notices of the one unfinished batch (at most 256): at-least-once, no gap.
    ///
    /// One subscriber per name runs at a time, in one process or several:
    /// while one runs, subscribing under its name again throws
    /// ``JournalError/subscriberBusy(_:)``, and subscribing under a name a
    /// group runs throws ``JournalError/subscriberGrouped(_:)``. The name is free again once the
    /// running one's token is cancelled (or dropped), it stops on a failure,
    /// or its process ends, even by a crash.
    ///
    /// A subscriber that loses its claim (on a server, when its database
    /// session ends: a restart, a network cut) stops delivering at once,
    /// warns through the hub's logger, and claims its name again: at once
    /// when the server answers and nobody else took it, else after another
    /// holder lets go, trying again every few seconds. It then goes on from
    /// the cursor saved in the journal, so notices of the batch it was
    /// handling when the claim was lost may be delivered again, by it or by
    /// the subscriber that took the name meanwhile (at least once).
    ///
    /// The name follows the rules of notice names and senders (non-empty, at
    /// most 256 UTF-8 bytes, no control characters), since `noticectl stats`
    /// prints it; ``NoticeHubError/invalidSubscriber(_:reason:)`` otherwise.
    ///
    /// `handler` may throw. The notice is then handed to it again after the
    /// delays of `delivery` (``DeliveryPolicy/standard`` unless given: 5
    /// deliveries, 0.1 s, 1 s, 5 s and 30 s apart), and once it has thrown
    /// for all of them the notice is parked (``ParkedNotice``): recorded in
    /// the journal with the error and the number of deliveries, a warning
    /// logged through the hub's logger and the `noticehub.subscriber.parked`
    /// metric counted; the subscriber then goes on with the next notice, its
    /// cursor past the parked one. ``HubJournal/parkedNotices(of:)`` lists
    /// them, ``HubJournal/replayParked(of:)`` hands them over again.
    ///
    /// While a notice is retried the subscriber hands over no later one: it
    /// blocks on it (head of line), so that the notices it delivers keep
    /// their order, and a handler that fails because something it needs is
    /// down (a database, a service) does not run through the journal parking
    /// everything behind it. Cancelling the subscription ends a wait between
    /// deliveries at once; the notice is then neither handled nor parked,
    /// and is delivered again by the subscriber's next run.
    ///
    /// ```swift
    /// let subscription = try hub.journal.subscribe(
    ///     as: "mailer", delivery: DeliveryPolicy(maxDeliveries: 3, backoff: [.seconds(1), .seconds(10)])
    /// ) { notice in
    ///     try mailer.send(notice)  // thrown: again in 1 s, then 10 s, then parked
    /// }
    /// ```
    ///
    /// With `sharing` ``SubscriberSharing/group(lease:batchSize:)``, any
    /// number of processes run the name together, each notice going to one
    /// of them (<doc:ConsumersInProduction>).
    ///
    /// On a hub with a tracer, `handler` runs in the trace context each
    /// notice carries, as ``follow(pollInterval:onFailure:)``'s observers do.
    ///
    /// A row that cannot be read stops the subscriber as it stops
    /// ``follow(pollInterval:onFailure:)``, with its cursor saved just
    /// before that row: once the row is mended, a new subscriber of the same
    /// name goes on from there.
    public func subscribe(
        as subscriber: String,
        names: Set<NoticeName>? = nil,
        pollInterval: Duration? = nil,
        delivery: DeliveryPolicy = .standard,
        sharing: SubscriberSharing = .exclusive,
        onFailure: (@Sendable (any Error) -> Void)? = nil,
        handler: @escaping @Sendable (Notice) throws -> Void
    ) throws -> Subscription {
        if let problem = IdentifierRules.problem(with: subscriber) {
            throw NoticeHubError.invalidSubscriber(subscriber, reason: problem)
        }
        let journal = try requireJournal()
        let query = JournalQuery(names: names, kinds: [.notice])
        let sink: @Sendable (Notice) throws -> Void = { [metrics, tracing] notice in
            metrics?.followed(notice)
            if let tracing {
                try tracing.withContext(of: notice) { try handler(notice) }
            } else {
                try handler(notice)
            }
        }
        if case .group(let lease, let batchSize) = sharing.kind {
            let member = try GroupMember(
                journal: journal,
                options: .init(
                    subscriber: subscriber, member: GroupMember.newMemberName(), query: query,
                    pollInterval: pollInterval ?? journal.pollInterval, lease: lease, batchSize: batchSize,
                    delivery: delivery, onParked: parkingReport(of: subscriber)),
                onFailure: onFailure, sink: sink)
            return Subscription(registration: member, issuer: identity)
        }
        let follower = try JournalFollower(
            journal: journal,
            options: .init(
                query: query, pollInterval: pollInterval ?? journal.pollInterval,
                subscriber: subscriber, reclaim: { try journal.claimSubscriber(subscriber) },
                onClaim: { [logger] event in
                    switch event {
                    case .lost:
                        logger?.warning(
                            "a durable subscriber lost its claim; it claims its name again",
                            metadata: ["subscriber": "\(subscriber)"])
                    case .claimedAgain(let cursor):
                        logger?.warning(
                            "a durable subscriber claimed its name again",
                            metadata: ["subscriber": "\(subscriber)", "cursor": "\(cursor)"])
                    }
                },
                delivery: delivery, onParked: parkingReport(of: subscriber)),
            claim: try journal.claimSubscriber(subscriber), onFailure: onFailure, sink: sink)
        return Subscription(registration: follower, issuer: identity)
    }

    /// Tells of each notice `subscriber` parks: a warning through the hub's
    /// logger and the `noticehub.subscriber.parked` metric.
    private func parkingReport(of subscriber: String) -> @Sendable (ParkedNotice, _ recorded: Bool) -> Void {
        { [logger, metrics] parked, recorded in
            metrics?.parked()
            let message: Logger.Message =
                recorded
                ? "a durable subscriber parked a notice its handler kept throwing for"
                : "a durable subscriber passed over a notice its handler kept throwing for; its journal keeps no parked notices"
            logger?.warning(
                message,
                metadata: [
                    "subscriber": "\(subscriber)", "sequence": "\(parked.sequence)",
                    "deliveries": "\(parked.deliveries)", "error": "\(parked.error)",
                ])
        }
    }

    /// A durable subscriber whose handler is async, as a server's database
    /// or HTTP client is: the same subscriber as the one with a synchronous
    /// handler, whose thread waits for each call to finish, so that the
    /// notices keep their order, a notice is retried or parked as its
    /// ``DeliveryPolicy`` says, and the cursor passes a notice only once its
    /// handler has returned.
    ///
    /// ```swift
    /// let indexer = try hub.journal.subscribe(as: "indexer") { notice in
    ///     try await search.index(notice)
    /// }
    /// ```
    public func subscribe(
        as subscriber: String,
        names: Set<NoticeName>? = nil,
        pollInterval: Duration? = nil,
        delivery: DeliveryPolicy = .standard,
        sharing: SubscriberSharing = .exclusive,
        onFailure: (@Sendable (any Error) -> Void)? = nil,
        handler: @escaping @Sendable (Notice) async throws -> Void
    ) throws -> Subscription {
        let waiting: @Sendable (Notice) throws -> Void = { notice in try AsyncCall.wait { try await handler(notice) } }
        return try subscribe(
            as: subscriber, names: names, pollInterval: pollInterval, delivery: delivery, sharing: sharing,
            onFailure: onFailure, handler: waiting)
    }
}
