#if Postgres
    import NoticeHub
    import Synchronization

    /// A durable subscriber's claim on a PostgreSQL journal: a session advisory
    /// lock on a key made from the schema and the name, held on a connection
    /// of the claim's own (``PostgresSession/holdingAdvisoryLock(_:settings:)``),
    /// which the server lets go of when the connection ends.
    ///
    /// The subscriber reads and saves its cursor through the claim's session,
    /// on that same connection, and it never connects again: a holder that
    /// lost the connection has lost the claim, and stops with
    /// ``JournalError/claimLost(_:)`` instead of delivering beside its
    /// successor or overwriting its cursor.
    final class PostgresSubscriberClaim: SubscriberClaim, @unchecked Sendable {
        private let subscriber: String
        private let key: Int64
        private let state: Mutex<(session: PostgresSession?, taken: Bool)>

        init(_ subscriber: String, settings: PostgresSettings) throws(JournalError) {
            self.subscriber = subscriber
            key = Self.key(for: subscriber, in: settings.url)
            guard let session = try PostgresSession.holdingAdvisoryLock(key, settings: settings) else {
                throw .subscriberBusy(subscriber)
            }
            session.claimedSubscriber = subscriber
            state = Mutex((session, false))
        }

        deinit { release() }

        /// The claim's session, as the subscriber's connection: once. The
        /// connection leaves the session to the claim, whose ``release()``
        /// ends it, however long the connection outlives that.
        func takeConnection() -> (any JournalConnection)? {
            state.locked { state -> (any JournalConnection)? in
                guard let session = state.session, !state.taken else { return nil }
                state.taken = true
                return PostgresJournalConnection(session, durability: .always, ownsSession: false)
            }
        }

        func release() {
            let session = state.locked { state in
                defer { state.session = nil }
                return state.session
            }
            session?.releaseAdvisoryLock(key)
        }

        /// The lock's key: the schema and the name, as every process and
        /// release computes it (``StableKey``).
        static func key(for subscriber: String, in url: PostgresURL) -> Int64 {
            StableKey.lockKey("noticehub subscriber \(url.schema ?? "")\u{0}\(subscriber)")
        }
    }
#endif
