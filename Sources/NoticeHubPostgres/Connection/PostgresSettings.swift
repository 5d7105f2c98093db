#if Postgres
    import Foundation
    import Logging
    import NIOCore
    import NoticeHub
    import PostgresNIO
    import Synchronization

    /// What every session of one journal shares: where the server is, the
    /// schema, the logger, and the numbering of connections in its logs.
    final class PostgresSettings: Sendable {
        /// What a session is for, which decides its startup parameters.
        enum Purpose {
            /// Appends, reads, projections: the journal object's work
            /// connection.
            case statements
            /// Claims of durable subscribers and responders, `LISTEN` and the
            /// `NOTIFY` that announce commits: the presence connection. The
            /// server checks for a vanished client even while a statement
            /// runs, so that a claim passes to a successor within seconds. Its
            /// commits do not wait for the disk (`synchronous_commit = off`):
            /// a lost announcement costs a follower one poll, and a waiting one
            /// would double the WAL flushes of the commits it announces; a
            /// subscriber's cursor lost with a server crash delivers a few
            /// notices again, as at-least-once allows (and a later commit that
            /// waits for the disk, such as a trim that read the cursor,
            /// flushes it first); a claim's row outlives no crash that ends its
            /// lock anyway.
            case presence
        }

        let url: PostgresURL
        let logger: Logger
        /// The connection that appends, reads and projections share.
        let work = SharedConnection(purpose: .statements)
        /// The connection that holds claims, listens for commits and
        /// announces them: it runs no long statement, so its claims are
        /// confirmed promptly.
        let presence = SharedConnection(purpose: .presence)
        private let connectionIDs = Atomic<Int>(0)
        /// How many times the journal's sessions have sent statements and
        /// waited for their answers: its round trips to the server.
        let roundTrips = Atomic<Int>(0)
        /// How many statements the journal's sessions have sent. Each is an
        /// exchange with the server of its own: postgres-nio sends a
        /// connection's next statement once the one before is answered, so
        /// statements sent together still follow one another on the wire.
        let statements = Atomic<Int>(0)
        /// Replaces ``answerTimeout(for:)``'s answer, for tests.
        private let answerTimeoutOverride: TimeAmount?
        /// The URL's TLS, made once (a TLS context loads its roots) on the
        /// first connection.
        private let tls = Mutex<Result<PostgresConnection.Configuration.TLS, JournalError>?>(nil)

        init(
            url: PostgresURL, logger: Logger = Logger(label: "NoticeHub.PostgresJournal"),
            answerTimeout: Duration? = nil
        ) {
            self.url = url
            self.logger = logger
            answerTimeoutOverride = answerTimeout.map { .nanoseconds(Int64($0 / .nanoseconds(1))) }
        }

        /// How long a statement may go unanswered before its session is given
        /// up as lost: a server on a host that dropped off the network answers
        /// nothing, and TCP alone would wait many minutes. A claim's and a
        /// listener's statements are polls, answered in milliseconds.
        func answerTimeout(for purpose: Purpose) -> TimeAmount {
            answerTimeoutOverride ?? (purpose == .statements ? .seconds(60) : .seconds(15))
        }

        /// The NOTIFY channel of this journal: one per schema, named alike by
        /// every process and release (``StableKey``).
        var channel: String {
            "noticehub_" + String(StableKey.hash(url.schema ?? "public"), radix: 16)
        }

        /// The shared connection that sessions for `purpose` use.
        func connection(for purpose: Purpose) -> SharedConnection {
            purpose == .statements ? work : presence
        }

        func nextConnectionID() -> Int {
            connectionIDs.add(1, ordering: .relaxed).newValue
        }

        func configuration(for purpose: Purpose) throws(JournalError) -> PostgresConnection.Configuration {
            let tls = try tls.withLock { made in
                if let made { return made }
                let result = Result { () throws(JournalError) in try PostgresTLS.configuration(for: url) }
                made = result
                return result
            }.get()
            var configuration = PostgresConnection.Configuration(
                host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
                tls: tls)
            configuration.options.connectTimeout = TimeAmount(SharedConnection.connectTimeout)
            var parameters: [(String, String)] = [("application_name", url.applicationName)]
            if let schema = url.schema {
                parameters.append(("search_path", "\"\(schema)\""))
            }
            // The server probes a silent client after 5 s, every 2 s, 3 times:
            // a vanished host's sessions (and a claim's lock) end within about
            // 11 s instead of the two hours of the default TCP keepalive.
            // Keepalives probe only a connection with nothing unacknowledged;
            // one the server is sending to (a notification, rows) would retry
            // for about 15 minutes, so unacknowledged data ends it after 11 s too.
            parameters += [
                ("tcp_keepalives_idle", "5"), ("tcp_keepalives_interval", "2"), ("tcp_keepalives_count", "3"),
                ("tcp_user_timeout", "11000"),
            ]
            if purpose == .presence {
                // Also while the session runs a statement (keepalives only
                // probe an idle connection).
                parameters.append(("client_connection_check_interval", "2000"))
                parameters.append(("synchronous_commit", "off"))
            }
            configuration.options.additionalStartupParameters = parameters
            return configuration
        }
    }
#endif
