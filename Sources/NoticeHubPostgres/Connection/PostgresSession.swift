#if Postgres
    import Foundation
    import Logging
    import NIOCore
    import NIOPosix
    import NoticeHub
    import PostgresNIO
    import Synchronization

    /// One owner's use of PostgreSQL server connections, driven synchronously
    /// from a thread of the hub's (never an event loop): each statement is
    /// sent and waited for. The journal's protocol is synchronous, as SQLite
    /// is; postgres-nio runs the wire protocol on its event loops meanwhile.
    ///
    /// A `.statements` session borrows a connection from the journal
    /// object's ``ConnectionPool`` for each statement, or for a transaction
    /// from ``holdConnection()`` to ``releaseConnection()``, and gives it back
    /// afterwards; a lost one is dropped, and the next statement borrows
    /// another. A `.presence` session (a claim, the listener) owns one
    /// connection for its life and never connects again: a new connection
    /// would not hold the claim's lock, so once it is lost every use throws,
    /// ``JournalError/claimLost(_:)`` for a durable subscriber's claim
    /// (``claimedSubscriber``).
    ///
    /// Not thread-safe: one owner uses it at a time. It passes between threads
    /// only through a lock (a claim handing its session to the subscriber's
    /// thread), which is why it is `@unchecked Sendable`.
    final class PostgresSession: @unchecked Sendable {
        let settings: PostgresSettings
        /// What the session is for, which decides its connection's startup
        /// parameters and how long it holds it.
        let purpose: PostgresSettings.Purpose
        /// The connection the session holds: for its open transaction, or
        /// for its life (a `.presence` session).
        private(set) var connection: PostgresConnection?
        /// How many ``holdConnection()`` calls hold the connection, until as
        /// many releases.
        private var holds = 0
        /// Set for a claim's session: losing the connection loses the claim.
        var claimedSubscriber: String?
        /// Set while the owner's transaction is open: a new connection would
        /// not be inside it, so a lost connection fails every statement until
        /// the owner ends the transaction (and clears this).
        var holdsTransaction = false
        /// Statements sent just before the next one, with no wait of their
        /// own (``sendBeforeNext(_:)``).
        var deferred: [String] = []

        /// Connects at once, so that a bad URL or password fails where the
        /// journal is opened; a `.statements` session gives its connection
        /// back to the pool for its first statement.
        init(_ settings: PostgresSettings, purpose: PostgresSettings.Purpose = .statements) throws(JournalError) {
            self.settings = settings
            self.purpose = purpose
            switch purpose {
            case .statements: settings.pool.takeBack(try settings.pool.lend())
            case .presence: connection = try settings.pool.open(for: .presence)
            }
        }

        deinit {
            close()
        }

        var isConnected: Bool { connection.map { !$0.isClosed } ?? false }

        /// Lets go of the connection: a `.presence` session's closes, a
        /// held one goes back to the pool, or closes if a transaction may be
        /// open on it.
        func close() {
            deferred.removeAll()
            guard let held = connection else { return }
            connection = nil
            if purpose == .statements && holds > 0 && !holdsTransaction {
                settings.pool.takeBack(held)
            } else {
                settings.pool.close(held)
            }
            holds = 0
        }

        /// Closes the connection, as ``close()`` does, and returns once it
        /// has closed.
        func closeWaiting() {
            let closed = connection?.closeFuture
            close()
            _ = try? closed?.wait()
        }

        /// Holds a connection until as many ``releaseConnection()`` calls,
        /// for a transaction: its statements all go to it, and nobody else's.
        func holdConnection() throws(JournalError) {
            if holds == 0, purpose == .statements { connection = try settings.pool.lend() }
            holds += 1
        }

        /// Lets go of what ``holdConnection()`` took: a `.statements`
        /// session gives the connection back to the pool.
        func releaseConnection() {
            guard holds > 0 else { return }
            holds -= 1
            guard holds == 0, purpose == .statements, let held = connection else { return }
            connection = nil
            deferred.removeAll()
            if holdsTransaction {
                holdsTransaction = false
                settings.pool.close(held)
            } else {
                settings.pool.takeBack(held)
            }
        }

        /// Runs `body` with the held connection, or with one borrowed for
        /// the call.
        private func holding<T>(_ body: (PostgresConnection) throws(JournalError) -> T) throws(JournalError) -> T {
            if let held = connection {
                guard !held.isClosed else { throw try lost() }
                return try body(held)
            }
            guard purpose == .statements else { throw try lost() }
            let borrowed = try settings.pool.lend()
            defer { settings.pool.takeBack(borrowed) }
            return try body(borrowed)
        }

        /// Runs one statement with bound values and returns its rows.
        @discardableResult
        func query(_ sql: String, _ binds: PostgresBindings = PostgresBindings()) throws(JournalError)
            -> PostgresQueryResult
        {
            try holding { connection throws(JournalError) in
                let before = sendDeferred(on: connection)
                let answer = send(PostgresQuery(unsafeSQL: sql, binds: binds), on: connection)
                try waitForDeferred(before, on: connection)
                return try wait(answer, on: connection, sql: sql)
            }
        }

        /// Queues `sql` (without bound values) to be sent just before the
        /// session's next statement, in the same round trip of the calling
        /// thread: a savepoint's opening and release ride with the statements
        /// around them. On the wire each is still an exchange of its own
        /// (``PostgresSettings/statements``). A failure of it is reported by
        /// that next statement, as its own.
        func sendBeforeNext(_ sql: String) {
            deferred.append(sql)
        }

        /// Takes `sql` back if it is the last statement queued by
        /// ``sendBeforeNext(_:)``; returns whether it was.
        func withdrawDeferred(_ sql: String) -> Bool {
            guard deferred.last == sql else { return false }
            deferred.removeLast()
            return true
        }

        /// Forgets the statements queued by ``sendBeforeNext(_:)``: the
        /// transaction they belonged to is being rolled back.
        func discardDeferred() {
            deferred.removeAll()
        }

        /// Sends one statement, counted in ``PostgresSettings/statements``.
        private func send(_ query: PostgresQuery, on connection: PostgresConnection)
            -> EventLoopFuture<PostgresQueryResult>
        {
            settings.statements.add(1, ordering: .relaxed)
            return connection.query(query, logger: settings.logger)
        }

        /// Sends the queued statements, without waiting.
        private func sendDeferred(on connection: PostgresConnection) -> [(String, EventLoopFuture<PostgresQueryResult>)]
        {
            settings.roundTrips.add(1, ordering: .relaxed)
            guard !deferred.isEmpty else { return [] }
            defer { deferred.removeAll() }
            return deferred.map { ($0, send(PostgresQuery(unsafeSQL: $0), on: connection)) }
        }

        /// Waits for the queued statements sent before the one under way.
        private func waitForDeferred(
            _ sent: [(String, EventLoopFuture<PostgresQueryResult>)], on connection: PostgresConnection
        ) throws(JournalError) {
            for (sql, answer) in sent { _ = try wait(answer, on: connection, sql: sql) }
        }

        /// Runs one statement that commits by itself (outside a transaction)
        /// and returns its rows once the commit is done.
        ///
        /// postgres-nio answers a statement at its `CommandComplete`, and the
        /// server commits an implicit transaction only afterwards, at the
        /// `Sync` before `ReadyForQuery`; a session ended in between (the
        /// server flushes the answer with its fatal error) would report rows
        /// whose transaction rolled back. So a second statement is queued at
        /// once, which the connection sends only after that `ReadyForQuery`:
        /// its answer confirms the commit, and a connection lost before it
        /// fails the call as lost. The calling thread still waits once.
        func queryCommitting(_ sql: String, _ binds: PostgresBindings) throws(JournalError) -> PostgresQueryResult {
            try holding { connection throws(JournalError) in
                let before = sendDeferred(on: connection)
                let rows = send(PostgresQuery(unsafeSQL: sql, binds: binds), on: connection)
                // A round trip of its own: the server sees it after the first answer.
                settings.roundTrips.add(1, ordering: .relaxed)
                let confirmation = send(PostgresQuery(unsafeSQL: "SELECT 1"), on: connection)
                let result: Result<PostgresQueryResult, JournalError>
                do throws(JournalError) {
                    try waitForDeferred(before, on: connection)
                    result = .success(try wait(rows, on: connection, sql: sql))
                } catch {
                    result = .failure(error)
                }
                _ = try wait(confirmation, on: connection, sql: "SELECT 1")
                return try result.get()
            }
        }

        /// Whether the session's server answers a `SELECT 1` within
        /// `timeout`, on the connection it holds: it never connects again (a
        /// new connection would not be the one that holds a lock). A
        /// connection that did not answer in time is closed: across a network
        /// that went silent it would otherwise look open for hours.
        func answers(within timeout: Duration) -> Bool {
            guard let held = connection, !held.isClosed else { return false }
            settings.roundTrips.add(1, ordering: .relaxed)
            let answered = send(PostgresQuery(unsafeSQL: "SELECT 1"), on: held)
            do {
                _ = try wait(
                    answered, on: held, sql: "SELECT 1", timeout: .nanoseconds(Int64(timeout / .nanoseconds(1))))
                return true
            } catch {
                return false
            }
        }

        /// Runs statements separated by semicolons, without bound values, and
        /// returns the last one's rows. They are sent one after another without
        /// waiting in between (postgres-nio queues them on the connection), so
        /// the calling thread waits once; a failure is the first statement's.
        @discardableResult
        func script(_ sql: String) throws(JournalError) -> [PostgresRow] {
            try holding { connection throws(JournalError) in
                let statements = deferred + SQLScript.statements(sql)
                settings.roundTrips.add(1, ordering: .relaxed)
                deferred.removeAll()
                let futures = statements.map {
                    send(PostgresQuery(unsafeSQL: $0), on: connection)
                }
                var rows: [PostgresRow] = []
                var failure: JournalError?
                for (statement, future) in zip(statements, futures) {
                    do throws(JournalError) {
                        rows = try wait(future, on: connection, sql: statement).rows
                    } catch {
                        if failure == nil { failure = error }
                    }
                }
                if let failure { throw failure }
                return rows
            }
        }

        var answerTimeout: TimeAmount { settings.answerTimeout(for: purpose) }

        /// Waits for `future`, sent on `connection`; a failure becomes a
        /// one-line ``JournalError`` that names the SQL's first words, never
        /// bound values, and a lost connection (or one that did not answer in
        /// time, see ``PostgresSettings/answerTimeout(for:)``) is closed, so
        /// that the pool drops it.
        private func wait<T: Sendable>(
            _ future: EventLoopFuture<T>, on connection: PostgresConnection, sql: String,
            timeout answerTimeout: TimeAmount? = nil
        ) throws(JournalError) -> T {
            let answerTimeout = answerTimeout ?? self.answerTimeout
            let unanswered = Flag()
            // The wait ends at the timeout even if closing the connection
            // never completes the statement's future.
            let answer = future.eventLoop.makePromise(of: T.self)
            future.cascade(to: answer)
            let timeout = future.eventLoop.scheduleTask(in: answerTimeout) {
                unanswered.raise()
                answer.fail(Unanswered())
                let _: EventLoopFuture<Void> = connection.close()
            }
            // A statement sent as the server ended the session may never be
            // answered nor failed: a closed connection ends the wait too.
            let closedCheck = future.eventLoop.scheduleRepeatedTask(
                initialDelay: Self.closedCheckInterval, delay: Self.closedCheckInterval
            ) { _ in
                if connection.isClosed { answer.fail(ClosedUnanswered()) }
            }
            future.whenComplete { _ in
                timeout.cancel()
                closedCheck.cancel()
            }
            answer.futureResult.whenComplete { _ in closedCheck.cancel() }
            do {
                return try answer.futureResult.wait()
            } catch {
                if unanswered.isRaised || connection.isClosed || PostgresFailure.losesConnection(error) {
                    if !connection.isClosed {
                        let closing: EventLoopFuture<Void> = connection.close()
                        _ = try? closing.wait()
                    }
                    try claimLost()
                    let cause =
                        unanswered.isRaised
                        ? "no answer within \(answerTimeout.nanoseconds / 1_000_000) ms to "
                            + sql.split(whereSeparator: \.isWhitespace).prefix(3).joined(separator: " ") + " …"
                        : PostgresFailure.describe(error, url: settings.url)
                    // Which statement was cut off is the caller's to say:
                    // one that commits marks it lost during the commit.
                    throw .storage(
                        StorageFailure(
                            "lost the connection to \(settings.url): \(cause)", underlying: error,
                            lostConnection: .beforeCommit))
                }
                if PostgresFailure.sqlState(of: error) == PostgresFailure.projectionsChangedState {
                    throw .projectionsChanged
                }
                throw .storage(
                    StorageFailure(PostgresFailure.describe(error, url: settings.url, sql: sql), underlying: error))
            }
        }

        /// What a statement's wait ends with when its answer is overdue.
        private struct Unanswered: Error {}

        /// What a statement's wait ends with when its connection closed and
        /// the statement was neither answered nor failed.
        private struct ClosedUnanswered: Error, CustomStringConvertible {
            var description: String { "the connection closed before the answer came" }
        }

        /// How often a waiting statement checks that its connection is open.
        private static let closedCheckInterval: TimeAmount = .milliseconds(250)

        /// Set once, from an event loop, when a statement's answer is overdue.
        private final class Flag: Sendable {
            private let raised = Atomic<Bool>(false)
            func raise() { raised.store(true, ordering: .relaxed) }
            var isRaised: Bool { raised.load(ordering: .relaxed) }
        }
    }
#endif
