#if Postgres
    import Foundation
    import Logging
    import NIOCore
    import NIOPosix
    import NoticeHub
    import PostgresNIO
    import Synchronization

    /// Where every server connection of one journal object comes from, and
    /// how many it holds: never more than ``limit`` at once (the URL's
    /// `pool_max_conns`, 10 unless it says otherwise), counting the ones
    /// lent out, the idle ones and the ones a claim or the listener owns.
    ///
    /// Each connection has one owner at a time. A statement outside a
    /// transaction borrows one for its round trip, a transaction for its whole
    /// span (``lend()``, ``takeBack(_:)``); a claim or the listener opens one
    /// of its own for its life (``open(for:)``, ``close(_:)``). Nothing else
    /// runs on a connection while its owner holds it, so a transaction never
    /// takes in another caller's statement, and a thread that holds one and
    /// asks again is simply lent another.
    ///
    /// Up to ``idleLimit`` connections given back stay open for the next
    /// caller. A caller finding all ``limit`` in use waits for one to come
    /// back; the wait for that and for the server to have a slot free
    /// together last at most ``connectionWait``.
    final class ConnectionPool: Sendable {
        /// The most connections the journal object holds at once.
        let limit: Int
        /// How long a caller waits for a connection in all
        /// (``connectionWait``, unless a test says otherwise).
        let wait: Duration
        let url: PostgresURL
        private let logger: Logger
        /// The URL's TLS, made once (a TLS context loads its roots) on the
        /// first connection.
        let tls = Mutex<Result<PostgresConnection.Configuration.TLS, JournalError>?>(nil)
        /// Numbers the connections in postgres-nio's logs.
        private let connectionIDs = Atomic<Int>(0)

        private struct State {
            var idle: [PostgresConnection] = []
            /// Connections counted against ``limit``: lent out, idle, owned,
            /// or being opened.
            var counted = 0
            /// Set once a connection of the pool was found closed or lost, so
            /// that the next one opened is told as a reconnection.
            var lostOne = false
            var isShutDown = false
        }
        private let state = Mutex(State())
        /// Advanced whenever a connection stops being counted or goes idle.
        private let returned = WaitWord()

        /// Connections given back that stay open for the next caller.
        static let idleLimit = 2

        /// How long a caller waits for a connection in all: for one of the
        /// journal object's to come back when all are in use, and for the
        /// server to have a slot free (SQLSTATE 53300) or to finish a
        /// connection. About four times what 100 debug-build `noticectl
        /// request` processes started at once on two cores take to be answered
        /// by a server of 100 connections.
        static let connectionWait: Duration = .seconds(60)

        /// How long one connection attempt may take, from the TCP connection
        /// to the end of authentication.
        static let connectTimeout: Duration = .seconds(10)

        init(url: PostgresURL, logger: Logger, wait: Duration = connectionWait) {
            self.url = url
            self.logger = logger
            self.wait = wait
            limit = url.maximumConnections
        }

        deinit {
            shutDown()
        }

        /// An idle connection, or a new one while fewer than ``limit`` are
        /// counted; else waits for one to come back, within
        /// ``connectionWait``.
        func lend() throws(JournalError) -> PostgresConnection {
            let deadline = ContinuousClock.now + wait
            if let idle = try place(reusingIdle: true, until: deadline) { return idle }
            return try connect(.statements, until: deadline)
        }

        /// Takes back a connection that ``lend()`` lent, with no transaction
        /// open on it: kept idle for the next caller, or closed.
        func takeBack(_ connection: PostgresConnection) {
            let kept = state.locked { state -> Bool in
                guard !state.isShutDown, !connection.isClosed, state.idle.count < Self.idleLimit else { return false }
                state.idle.append(connection)
                return true
            }
            if kept {
                returned.wakeAll()
            } else {
                close(connection)
            }
        }

        /// A connection of the caller's own for `purpose`, counted until
        /// ``close(_:)``; waits for a place under ``limit`` as ``lend()``
        /// does, and an idle connection makes way for it.
        func open(for purpose: PostgresSettings.Purpose) throws(JournalError) -> PostgresConnection {
            let deadline = ContinuousClock.now + wait
            _ = try place(reusingIdle: false, until: deadline)
            return try connect(purpose, until: deadline)
        }

        /// Waits until `deadline` at most for a place under ``limit``: an
        /// idle connection to reuse (with `reusingIdle`), or nil once a new
        /// connection is counted. Idle connections found closed stop being
        /// counted; without `reusingIdle`, one is closed to make room.
        private func place(reusingIdle: Bool, until deadline: ContinuousClock.Instant) throws(JournalError)
            -> PostgresConnection?
        {
            enum Place {
                case idle(PostgresConnection)
                case counted(closing: PostgresConnection?)
                case none
            }
            while true {
                let seen = returned.value
                let place = state.locked { state -> Place in
                    var closing: PostgresConnection?
                    while reusingIdle || state.counted >= limit, let idle = state.idle.popLast() {
                        if idle.isClosed {
                            state.counted -= 1
                            state.lostOne = true
                        } else if reusingIdle {
                            return .idle(idle)
                        } else {
                            state.counted -= 1
                            closing = idle
                            break
                        }
                    }
                    guard state.counted < limit else { return .none }
                    state.counted += 1
                    return .counted(closing: closing)
                }
                switch place {
                case .idle(let connection): return connection
                case .counted(let closing):
                    if let closing { Self.end(closing) }
                    return nil
                case .none:
                    let left = ContinuousClock.now.duration(to: deadline)
                    guard left > .zero else {
                        throw .cannotOpen(
                            path: url.description,
                            detail: "all \(limit) of the journal's connections stayed in use for "
                                + "\(wait) (the URL's pool_max_conns)")
                    }
                    returned.wait(whileEqualTo: seen, atMost: left)
                }
            }
        }

        /// Closes a connection and stops counting it.
        func close(_ connection: PostgresConnection) {
            let lost = connection.isClosed
            state.locked { state in
                state.counted -= 1
                if lost { state.lostOne = true }
            }
            returned.wakeAll()
            if !lost { Self.end(connection) }
        }

        /// Closes the idle connections; later ones given back are closed too.
        func shutDown() {
            let idle = state.locked { state in
                state.isShutDown = true
                state.counted -= state.idle.count
                defer { state.idle = [] }
                return state.idle
            }
            for connection in idle { Self.end(connection) }
        }

        /// Closes `connection` without waiting, keeping it alive until it
        /// has closed (postgres-nio requires as much).
        static func end(_ connection: PostgresConnection) {
            let closing: EventLoopFuture<Void> = connection.close()
            closing.whenComplete { _ in withExtendedLifetime(connection) {} }
        }

        /// Opens a counted connection, asking again while the server has no
        /// slot free or the attempt does not finish in time, backing off with
        /// jitter, until `deadline`. A failure stops counting it.
        private func connect(_ purpose: PostgresSettings.Purpose, until deadline: ContinuousClock.Instant)
            throws(JournalError) -> PostgresConnection
        {
            do {
                let configuration = try configuration(for: purpose)
                var pause: Duration = .milliseconds(20)
                while true {
                    do {
                        let made = try PostgresConnection.connect(
                            on: MultiThreadedEventLoopGroup.singleton.next(),
                            configuration: configuration,
                            id: connectionIDs.add(1, ordering: .relaxed).newValue, logger: logger
                        ).wait()
                        let reconnected = state.locked { state in
                            defer { state.lostOne = false }
                            return state.lostOne
                        }
                        if reconnected {
                            logger.warning("reconnected to the journal", metadata: ["journal": "\(url)"])
                        }
                        return made
                    } catch {
                        guard PostgresFailure.isWorthConnectingAgain(error), ContinuousClock.now + pause < deadline
                        else { throw error }
                        // Jittered, so that processes refused together do not
                        // come back together.
                        Thread.sleep(forTimeInterval: (pause * Double.random(in: 0.5...1.5)).seconds)
                        pause = min(pause * 2, .milliseconds(500))
                    }
                }
            } catch {
                state.locked { $0.counted -= 1 }
                returned.wakeAll()
                if let error = error as? JournalError { throw error }
                let failure = PostgresFailure.describe(error, url: url)
                if state.locked({ $0.lostOne }) {
                    logger.warning(
                        "cannot reconnect to the journal", metadata: ["journal": "\(url)", "error": "\(failure)"])
                }
                throw .cannotOpen(path: url.description, detail: failure)
            }
        }
    }
#endif
