extension HubJournal {
    /// Delivers to this hub's observers, in order, the notices that other
    /// processes (or other hubs) append to the journal from now on; this hub's
    /// own posts are delivered live as always, not twice. Commits are noticed
    /// within `pollInterval` (by default the journal's own,
    /// ``NoticeJournal/pollInterval``), and at once when the journal
    /// announces them. Cancel the token to stop following.
    ///
    /// On a hub with a tracer, each notice is delivered in the trace context
    /// its ``Notice/metadata`` carries, so what its observers post continues
    /// the poster's trace.
    ///
    /// The followed notices are delivered on the follower's own thread, not
    /// a posting thread: observers that share state with posting code must
    /// synchronize it.
    ///
    /// A poll that fails is tried again at the next one. A row that cannot
    /// be read (one edited behind NoticeHub's back,
    /// ``JournalError/malformedRow(sequence:problem:)``) stops the follower
    /// before it: `onFailure` is then called once, on the follower's thread,
    /// with that error, and the token's `cancel()` has nothing left to do.
    public func follow(
        pollInterval: Duration? = nil,
        onFailure: (@Sendable (any Error) -> Void)? = nil
    ) throws -> Subscription {
        let journal = try requireJournal()
        let own = writer?.ownSequences
        // Tracking starts before the starting point is read, so no post of
        // this hub can slip between the two and be delivered twice.
        own?.startTracking()
        do {
            let start = try journal.connectForReading().lastSequence() + 1
            let follower = try JournalFollower(
                journal: journal,
                options: .init(
                    query: JournalQuery(from: start, kinds: [.notice]),
                    pollInterval: pollInterval ?? journal.pollInterval),
                onCancel: { own?.stopTracking() }, onFailure: onFailure
            ) { [weak hub] notice in
                guard let hub, let sequence = notice.sequence else { return }
                if own?.claim(sequence) == true { return }
                hub.metrics?.followed(notice)
                // Handlers post in the trace the notice carries.
                if let tracing = hub.tracing {
                    tracing.withContext(of: notice) { hub.deliver(notice) }
                } else {
                    hub.deliver(notice)
                }
            }
            return Subscription(registration: follower, issuer: identity)
        } catch {
            own?.stopTracking()
            throw error
        }
    }
}
