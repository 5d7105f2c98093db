#if Postgres
    import Foundation
    import NIOCore
    import NIOPosix
    import NoticeHub
    import PostgresNIO
    import Synchronization

    /// The one server connection that a journal object's sessions of one kind
    /// share (see ``PostgresSettings/work`` and ``PostgresSettings/presence``):
    /// so a process holds two server sessions per journal object, whatever it
    /// runs.
    ///
    /// postgres-nio queues the statements of several callers on one
    /// connection, so statements that commit by themselves share it freely.
    /// A transaction must not take in another session's statements, so it
    /// holds the connection alone: ``hold(for:exclusive:)`` hands the
    /// connection to one transaction at a time (its owner's statements pass),
    /// or to any number of single statements while no transaction holds it.
    /// A transaction waiting keeps new single statements back, so a stream of
    /// reads cannot starve a writer.
    ///
    /// A thread that already holds the connection for one session and asks
    /// for it through another would wait for itself; it is told so
    /// (``Hold/reentrant``), and that session uses a connection of its own for
    /// the call, as it does after waiting ``patience`` in vain
    /// (``Hold/busy``).
    ///
    /// The connection closes when no session uses it any more (``attach()``,
    /// ``detach()``), or when a session finds it lost.
    final class SharedConnection: Sendable {
        /// What a session of this connection is for: its startup parameters.
        let purpose: PostgresSettings.Purpose

        private struct State {
            var connection: PostgresConnection?
            var hasConnected = false
            var users = 0
            /// The session whose transaction holds the connection, and the
            /// thread that took it.
            var exclusiveOwner: ObjectIdentifier?
            var exclusiveThread: ObjectIdentifier?
            var exclusiveWaiting = 0
            /// Single statements under way.
            var shared = 0
            /// The advisory locks taken on the connection, by key: two claims
            /// in one session would both be granted by the server.
            var lockedKeys: [Int64: ObjectIdentifier] = [:]
        }
        private let state = Mutex(State())
        /// Advanced whenever the connection is let go of.
        private let released = WaitWord()
        /// One connection attempt at a time.
        private let connecting = Mutex(())

        init(purpose: PostgresSettings.Purpose) {
            self.purpose = purpose
        }

        /// Counts a session that uses the connection.
        func attach() {
            state.locked { $0.users += 1 }
        }

        /// Uncounts a session; with none left, closes the connection.
        func detach() {
            let closing = state.locked { state -> PostgresConnection? in
                state.users -= 1
                guard state.users == 0 else { return nil }
                defer { state.connection = nil }
                return state.connection
            }
            if let closing {
                let closed: EventLoopFuture<Void> = closing.close()
                _ = try? closed.wait()
            }
        }

        /// The open connection, connecting first if there is none. A server
        /// that has no connection slot left (SQLSTATE 53300), or whose
        /// connection did not finish in time, is asked again, backing off, for
        /// up to ``connectionSlotWait``, as its sessions end.
        func connection(_ settings: PostgresSettings) throws -> PostgresConnection {
            if let open = openConnection { return open }
            return try connecting.withLock { _ in
                if let open = openConnection { return open }
                let made = try Self.connect(settings, purpose: purpose)
                let hadOne = state.locked { state in
                    defer {
                        state.connection = made
                        state.hasConnected = true
                        // Locks belong to the connection that took them.
                        state.lockedKeys = [:]
                    }
                    return state.hasConnected
                }
                if hadOne {
                    settings.logger.warning("reconnected to the journal", metadata: ["journal": "\(settings.url)"])
                }
                return made
            }
        }

        private var openConnection: PostgresConnection? {
            state.locked { state in state.connection.flatMap { $0.isClosed ? nil : $0 } }
        }

        /// How long a connection waits for the server to have a slot free,
        /// or to finish a connection: about four times what 100 debug-build
        /// `noticectl request` processes started at once on two cores take to
        /// be answered by a server of 100 connections (13–17 s, with two more
        /// processes keeping both cores busy). There a process may get so
        /// little of the cores that its connection, TLS and authentication
        /// take longer than ``connectTimeout``; asked again, it connects once
        /// the others are done.
        static let connectionSlotWait: Duration = .seconds(60)

        /// How long one connection attempt may take, from the TCP connection
        /// to the end of authentication.
        static let connectTimeout: Duration = .seconds(10)

        /// A connection of its own (not the shared one), waiting for a free
        /// slot as ``connection(_:)`` does.
        static func connect(_ settings: PostgresSettings, purpose: PostgresSettings.Purpose) throws
            -> PostgresConnection
        {
            let configuration = try settings.configuration(for: purpose)
            let deadline = ContinuousClock.now + connectionSlotWait
            var pause: Duration = .milliseconds(20)
            while true {
                do {
                    return try PostgresConnection.connect(
                        on: MultiThreadedEventLoopGroup.singleton.next(),
                        configuration: configuration,
                        id: settings.nextConnectionID(), logger: settings.logger
                    ).wait()
                } catch {
                    guard PostgresFailure.isWorthConnectingAgain(error), ContinuousClock.now + pause < deadline
                    else { throw error }
                    // Jittered, so that processes refused together do not
                    // come back together.
                    Thread.sleep(forTimeInterval: (pause * Double.random(in: 0.5...1.5)).seconds)
                    pause = min(pause * 2, .milliseconds(500))
                }
            }
        }

        /// How a session holds the connection.
        enum Hold {
            /// Held, until ``release(for:exclusive:)``.
            case held
            /// The calling thread holds it for another session already.
            case reentrant
            /// Another session held it for longer than ``patience``.
            case busy
        }

        /// How long a session waits for the connection, while nobody lets
        /// go of it, before it uses one of its own for the call: a
        /// transaction that holds it longer (a rebuild, an import, a
        /// `.batched` transaction with a long delay) or one that waits for the
        /// waiter (a `readState` closure that posts while another thread
        /// leads a commit) delays the others this long, never for ever. A
        /// connection that changes hands meanwhile is waited for again: a
        /// queue of short transactions on a loaded machine is no reason for
        /// a third session. Long enough that a machine so loaded that a
        /// transaction's round trips take seconds still keeps to two sessions.
        static let patience: Duration = .seconds(10)

        /// Waits until `owner` holds the connection: alone (`exclusive`, for a
        /// transaction) or beside other single statements; for at most
        /// ``patience`` without the connection changing hands.
        func hold(for owner: ObjectIdentifier, exclusive: Bool) -> Hold {
            let thread = ObjectIdentifier(Thread.current)
            var deadline = ContinuousClock.now + Self.patience
            var releasesSeen = released.value
            var waiting = false
            defer {
                if waiting { state.locked { $0.exclusiveWaiting -= 1 } }
            }
            while true {
                let seen = released.value
                let outcome = state.locked { state -> Hold? in
                    if state.exclusiveOwner == owner { return .held }
                    if state.exclusiveOwner != nil, state.exclusiveThread == thread { return .reentrant }
                    if exclusive {
                        guard state.exclusiveOwner == nil, state.shared == 0 else {
                            if !waiting {
                                waiting = true
                                state.exclusiveWaiting += 1
                            }
                            return nil
                        }
                        state.exclusiveOwner = owner
                        state.exclusiveThread = thread
                        return .held
                    }
                    guard state.exclusiveOwner == nil, state.exclusiveWaiting == 0 else { return nil }
                    state.shared += 1
                    return .held
                }
                if let outcome { return outcome }
                var left = ContinuousClock.now.duration(to: deadline)
                if left <= .zero {
                    // Until the first connection is made, its holder waits
                    // for the server to have a slot free (at most
                    // ``connectionSlotWait``): a session of the waiter's own
                    // would want another slot, and make a third session.
                    if released.value == releasesSeen, state.locked({ $0.hasConnected }) { return .busy }
                    releasesSeen = released.value
                    deadline = ContinuousClock.now + Self.patience
                    left = Self.patience
                }
                released.wait(whileEqualTo: seen, atMost: left)
            }
        }

        /// Lets go of what ``hold(for:exclusive:)`` took.
        func release(for owner: ObjectIdentifier, exclusive: Bool) {
            state.locked { state in
                if exclusive {
                    guard state.exclusiveOwner == owner else { return }
                    state.exclusiveOwner = nil
                    state.exclusiveThread = nil
                } else {
                    state.shared -= 1
                }
            }
            released.wakeAll()
        }

        /// Notes that a session of `connection` took the advisory lock on
        /// `key`; false when another session of the same connection holds it.
        func reserve(_ key: Int64, on connection: PostgresConnection) -> Bool {
            let id = ObjectIdentifier(connection)
            return state.locked { state in
                if state.lockedKeys[key] == id { return false }
                state.lockedKeys[key] = id
                return true
            }
        }

        /// Forgets ``reserve(_:on:)``'s note, if it was made on `connection`.
        func unreserve(_ key: Int64, on connection: PostgresConnection) {
            let id = ObjectIdentifier(connection)
            state.locked { state in
                if state.lockedKeys[key] == id { state.lockedKeys[key] = nil }
            }
        }
    }
#endif
