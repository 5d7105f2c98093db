#if ServiceLifecycle
    public import NoticeHub
    public import ServiceLifecycle

    /// A hub's long-running work as a swift-service-lifecycle `Service`, so that
    /// a server's followers, durable subscribers and responders across processes
    /// stop with it.
    ///
    /// `run()` starts the work with `start` and returns once a graceful
    /// shutdown is triggered (or its task is cancelled): it cancels every
    /// subscription `start` returned, in reverse order (a follower or
    /// subscriber finishes the notice it is handling; a responder withdraws, so
    /// requesters stop waiting for it), then closes the hub, which commits what
    /// its posts left pending. When `start` throws, `run()` closes the hub
    /// and throws the same error.
    ///
    /// ```swift
    /// let service = NoticeHubService(hub: hub) { hub in
    ///     [
    ///         try hub.journal.follow(),
    ///         try hub.journal.subscribe(as: "mailer", names: ["order.placed"]) { notice in send(notice) },
    ///         try hub.journal.applyRetention(every: .seconds(3_600)),
    ///     ]
    /// }
    /// let group = ServiceGroup(services: [service], gracefulShutdownSignals: [.sigterm], logger: logger)
    /// try await group.run()
    /// ```
    public struct NoticeHubService: Service {
        private let hub: NoticeHub
        private let start: @Sendable (NoticeHub) throws -> [Subscription]

        /// A service that runs `start`'s work on `hub` until a graceful
        /// shutdown, then closes `hub`.
        public init(hub: NoticeHub, starting start: @escaping @Sendable (NoticeHub) throws -> [Subscription]) {
            self.hub = hub
            self.start = start
        }

        /// Starts the work, waits for a graceful shutdown or cancellation,
        /// then stops the work and closes the hub.
        public func run() async throws {
            // Starting and closing block on the journal (a claim, a server's
            // round trips, the last commit): on threads of their own, not
            // the tasks'.
            let subscriptions: [Subscription]
            do {
                subscriptions = try await BlockingCall.run { [hub, start] in try start(hub) }
            } catch {
                try? await BlockingCall.run { [hub] in try hub.close() }
                throw error
            }
            // Returns at a graceful shutdown; throws when the task is cancelled,
            // which ends the work just the same.
            try? await gracefulShutdown()
            try await BlockingCall.run { [hub] in
                for subscription in subscriptions.reversed() { subscription.cancel() }
                try hub.close()
            }
        }
    }
#endif
