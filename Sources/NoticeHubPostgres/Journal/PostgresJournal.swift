#if Postgres
    public import Logging
    public import NoticeHub
    import Synchronization

    /// A journal in a PostgreSQL database, which processes on several hosts
    /// share: they append in one gapless order, follow each other live, and run
    /// one durable subscriber per name between them.
    ///
    /// Built only with the package's `Postgres` trait. It keeps the tables of
    /// `Migrations/PostgreSQL` in the URL's schema (the server's default
    /// schema unless `?schema=` names one), creating or migrating them when
    /// opened; another application's tables there are refused, not touched.
    ///
    /// ```swift
    /// let journal = try PostgresJournal(url: "postgres://app@db.internal/app?schema=notices")
    /// let hub = try NoticeHub(journal: journal, projections: [LikesProjection()])
    /// ```
    ///
    /// A journal object holds two server sessions, whatever runs on it:
    /// appends, reads and projections share one (a transaction holds it alone,
    /// other statements wait meanwhile); claims of durable subscribers and
    /// responders, the `LISTEN` and the `NOTIFY` share the other, which runs
    /// no long statement, so that its claims are confirmed promptly. Every
    /// claim of the object is lost with that session, and made again.
    ///
    /// Commits are announced with `NOTIFY` on a channel of the schema, right
    /// after they return (never the data, and commits close together share
    /// one), which wakes followers at once;
    /// followers also poll every ``pollInterval``, and catch up after every
    /// reconnection, so a lost notification costs latency, never a notice.
    /// ``Durability/never`` commits with `synchronous_commit = off`: a server
    /// crash (not a client's) may then lose the last fraction of a second of
    /// acknowledged commits, which followers report as
    /// ``JournalError/rolledBack(handled:last:)``.
    ///
    /// Sessions hold no transaction while idle, so a pooler in session mode
    /// works; transaction-mode pooling does not (advisory locks and `LISTEN`
    /// belong to a session).
    public final class PostgresJournal: CommitAnnouncingJournal {
        /// Where the journal lives.
        public let url: PostgresURL
        /// How often followers look for commits when no notification wakes them.
        public let pollInterval: Duration
        let settings: PostgresSettings
        private let idle = Mutex<[PostgresSession]>([])
        /// Responder claims found lost, until they are made again.
        let lostResponderClaims = LostResponderClaims()
        private let listener: CommitListener?
        private let announcer: CommitAnnouncer?
        /// Idle sessions kept for the hub's short reads (statistics, replay):
        /// they hold the shared connection open between reads.
        private static let idleLimit = 2

        /// Opens the journal at `url`, creating or migrating its tables; with
        /// `creatingIfMissing` false (tools that only read), a schema without a
        /// journal is ``JournalError/missing(path:)`` instead.
        ///
        /// - Parameters:
        ///   - pollInterval: how often followers poll besides notifications;
        ///     with `notify=off` it is their latency.
        ///   - logger: where reconnections and lost claims are told, at warning
        ///     level; postgres-nio logs there too.
        public convenience init(
            url: String, pollInterval: Duration = .milliseconds(100), creatingIfMissing: Bool = true,
            logger: Logger = Logger(label: "NoticeHub.PostgresJournal")
        ) throws {
            try self.init(
                url: try PostgresURL(url), pollInterval: pollInterval, creatingIfMissing: creatingIfMissing,
                logger: logger)
        }

        /// Opens the journal at a parsed URL, as the initializer that takes the
        /// URL's text does.
        public convenience init(
            url: PostgresURL, pollInterval: Duration = .milliseconds(100), creatingIfMissing: Bool = true,
            logger: Logger = Logger(label: "NoticeHub.PostgresJournal")
        ) throws(JournalError) {
            try self.init(
                url: url, pollInterval: pollInterval, creatingIfMissing: creatingIfMissing, adopting: false,
                logger: logger)
        }

        private init(
            url: PostgresURL, pollInterval: Duration, creatingIfMissing: Bool, adopting: Bool, logger: Logger
        ) throws(JournalError) {
            self.url = url
            self.pollInterval = pollInterval
            settings = PostgresSettings(url: url, logger: logger)
            listener = url.notifications ? CommitListener(settings) : nil
            announcer = url.notifications ? CommitAnnouncer(settings) : nil
            let session = try PostgresSession(settings)
            switch try PostgresSchema.inspect(session) {
            case .empty:
                guard creatingIfMissing else { throw .missing(path: url.description) }
            case .journal(let version) where version > PostgresSchema.latestVersion:
                throw .newerSchema(path: url.description, found: version, supported: PostgresSchema.latestVersion)
            case .journal(let version) where version == PostgresSchema.latestVersion:
                // Up to date (the common case): nothing is locked or written, so
                // a user who may only read can open the journal too.
                recycle(session)
                return
            case .journal:
                break
            case .foreign(let tables):
                guard adopting else { throw .foreignSchema(location: url.description, tables: tables) }
            }
            try PostgresSchema.migrate(session)
            recycle(session)
        }

        /// Creates or migrates the journal at `url`, adopting a schema that
        /// holds another application's tables; returns the schema version.
        @discardableResult
        public static func initialize(url: PostgresURL, logger: Logger = Logger(label: "NoticeHub.PostgresJournal"))
            throws(JournalError) -> Int
        {
            _ = try PostgresJournal(
                url: url, pollInterval: .milliseconds(100), creatingIfMissing: true, adopting: true, logger: logger)
            return PostgresSchema.latestVersion
        }

        /// The schema version this build writes.
        public static var schemaVersion: Int { PostgresSchema.latestVersion }

        /// How many round trips to the server this journal's sessions have
        /// made: what a post costs, counted rather than timed.
        package var roundTrips: Int { settings.roundTrips.load(ordering: .relaxed) }

        /// How many statements this journal's sessions have sent, each an
        /// exchange with the server (``PostgresSettings/statements``).
        package var statements: Int { settings.statements.load(ordering: .relaxed) }

        /// The URL without its password.
        public var location: String { url.description }

        /// A session from the idle ones, or a new one.
        public func connect(durability: Durability) throws -> any JournalConnection {
            PostgresJournalConnection(try idleSession(), durability: durability, announcer: announcer) { [weak self] in
                self?.recycle($0)
            }
        }

        /// Runs `body` on a session from the idle ones (or a new one), which
        /// goes back to them afterwards.
        func withIdleSession<T>(_ body: (PostgresSession) throws -> T) throws -> T {
            let session = try idleSession()
            defer { recycle(session) }
            return try body(session)
        }

        private func idleSession() throws(JournalError) -> PostgresSession {
            if let reused = idle.locked({ $0.popLast() }) { return reused }
            return try PostgresSession(settings)
        }

        /// Takes the subscriber's name with a session advisory lock on the
        /// journal's presence connection, which the subscriber then reads and
        /// saves its cursor through (see ``PostgresSubscriberClaim``).
        public func claimSubscriber(_ subscriber: String) throws -> any SubscriberClaim {
            try PostgresSubscriberClaim(subscriber, settings: settings)
        }

        deinit {
            announcer?.stop()
        }

        /// Wakes `wake` after each commit that `NOTIFY` announces; nil when the
        /// URL says `notify=off`.
        public func watchCommits(_ wake: @escaping @Sendable () -> Void) -> (any CommitWatch)? {
            listener?.watch(wake)
        }

        private func recycle(_ session: PostgresSession) {
            guard session.isConnected else { return }
            let kept = idle.locked { sessions in
                guard sessions.count < Self.idleLimit else { return false }
                sessions.append(session)
                return true
            }
            if !kept { session.close() }
        }
    }
#endif
