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
    /// Every server connection of a journal object comes from its pool, and
    /// has one owner at a time: a statement borrows one for its round trip,
    /// a transaction for its span, and each claim of a durable subscriber or
    /// a responder, and the `LISTEN`, owns one for its life. The pool holds at
    /// most the URL's `pool_max_conns` (10 by default), keeps two idle ones
    /// open, and makes a caller wait at most a minute for a connection, for
    /// one of its own to come back or for the server to have a slot free.
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
        /// Responder claims found lost, until they are made again.
        let lostResponderClaims = LostResponderClaims()
        private let listener: CommitListener?
        private let announcer: CommitAnnouncer?
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
                return
            case .journal:
                break
            case .foreign(let tables):
                guard adopting else { throw .foreignSchema(location: url.description, tables: tables) }
            }
            try PostgresSchema.migrate(session)
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

        /// A connection whose statements and transactions borrow server
        /// connections from the journal object's pool.
        public func connect(durability: Durability) throws -> any JournalConnection {
            PostgresJournalConnection(try PostgresSession(settings), durability: durability, announcer: announcer)
        }

        /// Runs `body` on a session whose statements borrow from the pool.
        func withSession<T>(_ body: (PostgresSession) throws -> T) throws -> T {
            try body(try PostgresSession(settings))
        }

        /// Takes the subscriber's name with a session advisory lock on a
        /// connection of its own, which the subscriber then reads and saves
        /// its cursor through (see ``PostgresSubscriberClaim``).
        public func claimSubscriber(_ subscriber: String) throws -> any SubscriberClaim {
            try PostgresSubscriberClaim(subscriber, settings: settings)
        }

        deinit {
            announcer?.stop()
            settings.pool.shutDown()
        }

        /// Wakes `wake` after each commit that `NOTIFY` announces; nil when the
        /// URL says `notify=off`.
        public func watchCommits(_ wake: @escaping @Sendable () -> Void) -> (any CommitWatch)? {
            listener?.watch(wake)
        }
    }
#endif
