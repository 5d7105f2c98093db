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
    /// ``JournalError/subscriberBusy(_:)``. The name is free again once the
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
        onFailure: (@Sendable (any Error) -> Void)? = nil,
        handler: @escaping @Sendable (Notice) -> Void
    ) throws -> Subscription {
        if let problem = IdentifierRules.problem(with: subscriber) {
            throw NoticeHubError.invalidSubscriber(subscriber, reason: problem)
        }
        let journal = try requireJournal()
        let follower = try JournalFollower(
            journal: journal,
            options: .init(
                query: JournalQuery(names: names, kinds: [.notice]), pollInterval: pollInterval ?? journal.pollInterval,
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
                }),
            claim: try journal.claimSubscriber(subscriber), onFailure: onFailure,
            sink: { [metrics, tracing] notice in
                metrics?.followed(notice)
                if let tracing {
                    tracing.withContext(of: notice) { handler(notice) }
                } else {
                    handler(notice)
                }
            })
        return Subscription(registration: follower, issuer: identity)
    }
}
