#if Postgres
    import Foundation
    import Logging
    import NIOCore
    import NoticeHub
    import PostgresNIO
    import Synchronization

    /// What every session of one journal object shares: where the server is,
    /// the schema, the logger, the pool its connections come from, and the
    /// counts of its statements.
    final class PostgresSettings: Sendable {
        /// What a connection is for, which decides its startup parameters
        /// and its owner.
        enum Purpose {
            /// Appends, reads, projections, the `NOTIFY` that announces
            /// commits: borrowed from the pool for a statement or a
            /// transaction (``ConnectionPool/lend()``).
            case statements
            /// A claim of a durable subscriber or a responder, or the
            /// `LISTEN`: owned for the claim's or the listener's life
            /// (``ConnectionPool/open(for:)``). The server checks for a
            /// vanished client even while a statement runs, so that a claim
            /// passes to a successor within seconds. Its commits do not wait
            /// for the disk (`synchronous_commit = off`): a subscriber's
            /// cursor lost with a server crash delivers a few
            /// notices again, as at-least-once allows (and a later commit that
            /// waits for the disk, such as a trim that read the cursor,
            /// flushes it first); a claim's row outlives no crash that ends its
            /// lock anyway.
            case presence
        }

        let url: PostgresURL
        let logger: Logger
        /// Where the journal object's connections come from.
        let pool: ConnectionPool
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

        /// Settings for the journal at `url`; `answerTimeout` and
        /// `connectionWait` replace their defaults, for tests.
        init(
            url: PostgresURL, logger: Logger = Logger(label: "NoticeHub.PostgresJournal"),
            answerTimeout: Duration? = nil, connectionWait: Duration = ConnectionPool.connectionWait
        ) {
            self.url = url
            self.logger = logger
            pool = ConnectionPool(url: url, logger: logger, wait: connectionWait)
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
    }
#endif
