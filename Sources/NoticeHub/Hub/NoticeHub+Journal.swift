extension NoticeHub {
    /// Delivers journaled notices again, in sequence order, each once, marked
    /// ``Notice/isReplay``, to this hub's observers.
    ///
    /// Streams in constant memory and leaves payloads as JSON until a handler
    /// decodes them. On a machine with more than one core, a long replay
    /// reads on a second thread, a chunk or two ahead, while this one
    /// delivers. Posts that handlers make while a replay delivers are neither
    /// journaled nor delivered: the journal already holds what they led to.
    /// Returns how many notices were replayed.
    ///
    /// A notice that a typed observer of `target` cannot decode (its payload
    /// is not the message's shape) is not silently skipped: the replay
    /// delivers every other notice, then throws ``UndecodableNotices``,
    /// naming each such notice's sequence, name and decode error, unless
    /// `onUndecodable` takes them.
    ///
    /// - Parameters:
    ///   - first: the first sequence number to replay.
    ///   - last: the last one; nil (the default) replays to the journal's end
    ///     as it is when the replay starts.
    ///   - names: only notices with these names; nil replays every name.
    ///   - target: the hub whose observers receive the replay: this one by
    ///     default, or another (say, an in-memory hub with fresh colleagues,
    ///     to rebuild state beside the live one).
    ///   - onUndecodable: called, on this thread, for each notice a typed
    ///     observer cannot decode, instead of the replay throwing at its end.
    @discardableResult
    public func replay(
        from first: Int64 = 1, through last: Int64? = nil, names: Set<NoticeName>? = nil,
        into target: NoticeHub? = nil, onUndecodable: ((UndecodableNotice) -> Void)? = nil
    ) throws -> Int {
        let connection = try requireJournal().connectForReading()
        let target = target ?? self
        var count = 0
        let undecodables = ReplayUndecodables(handler: onUndecodable)
        try DeliveryContext.current.replaying(target.identity, collecting: undecodables) {
            // What the journal holds now, as one read would see it; the bound
            // also tells whether reading ahead pays.
            var query = JournalQuery(
                from: first, through: try last ?? connection.lastSequence(), names: names, kinds: [.notice])
            query.markedAsReplay = true
            let context = DeliveryContext.current
            var recent: RecentTargets?
            func deliver(_ notice: Notice) -> Bool {
                target.deliver(notice, in: context, recent: &recent)
                count += 1
                return true
            }
            if ReadAhead.pays(for: query) {
                try ReadAhead.read(query, on: connection, deliver)
            } else {
                try connection.read(query, deliver)
            }
        }
        if undecodables.count > 0 {
            throw UndecodableNotices(checked: count, count: undecodables.count, listed: undecodables.listed)
        }
        return count
    }

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
            ) { [weak self] notice in
                guard let self, let sequence = notice.sequence else { return }
                if own?.claim(sequence) == true { return }
                self.metrics?.followed(notice)
                // Handlers post in the trace the notice carries.
                if let tracing = self.tracing {
                    tracing.withContext(of: notice) { self.deliver(notice) }
                } else {
                    self.deliver(notice)
                }
            }
            return Subscription(registration: follower, issuer: identity)
        } catch {
            own?.stopTracking()
            throw error
        }
    }

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
    public func subscribeDurably(
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
                subscriber: subscriber),
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

    func requireJournal() throws(JournalError) -> any NoticeJournal {
        guard let backend else { throw .noJournal }
        return backend
    }
}
