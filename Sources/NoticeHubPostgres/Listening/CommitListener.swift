#if Postgres
    import Foundation
    import NIOCore
    import NIOPosix
    import NoticeHub
    import PostgresNIO
    import Synchronization

    /// The one `LISTEN` session of a journal object, shared by its followers.
    ///
    /// It runs on a thread of its own while anyone watches: connects, listens
    /// on the schema's channel, wakes every watcher (so each catches up on what
    /// it may have missed meanwhile), then wakes them on each notification
    /// until the session ends (pinging it every 5 s); then connects again,
    /// backing off from 100 ms to 5 s. A notification is only a wake-up:
    /// followers read the table.
    final class CommitListener: Sendable {
        private let settings: PostgresSettings
        private struct State {
            var watchers: [Int: @Sendable () -> Void] = [:]
            var nextID = 0
            var running = false
            var connection: PostgresConnection?
        }
        private let state = Mutex(State())

        init(_ settings: PostgresSettings) {
            self.settings = settings
        }

        func watch(_ wake: @escaping @Sendable () -> Void) -> any CommitWatch {
            let (id, start) = state.locked { state in
                let id = state.nextID
                state.nextID += 1
                state.watchers[id] = wake
                defer { state.running = true }
                return (id, !state.running)
            }
            if start, !SystemThread.start(name: "NoticeHub commit listener", { [self] in run() }) {
                // Followers poll meanwhile; the next watch tries again.
                state.locked { $0.running = false }
                settings.logger.warning("cannot start a thread to listen for commits; followers poll meanwhile")
            }
            return Watch { [weak self] in self?.unwatch(id) }
        }

        private func unwatch(_ id: Int) {
            let connection = state.locked { state -> PostgresConnection? in
                state.watchers[id] = nil
                return state.watchers.isEmpty ? state.connection : nil
            }
            // The thread sees no watcher left once the session ends.
            if let connection { let _: EventLoopFuture<Void> = connection.close() }
        }

        private func wakeAll() {
            for wake in state.locked({ Array($0.watchers.values) }) { wake() }
        }

        private func run() {
            var backoff: Duration = .milliseconds(100)
            var connectedBefore = false
            while true {
                let keepGoing = state.locked { state in
                    if state.watchers.isEmpty { state.running = false }
                    return state.running
                }
                guard keepGoing else { return }
                var made: PostgresConnection?
                do {
                    let connection = try PostgresConnection.connect(
                        on: MultiThreadedEventLoopGroup.singleton.next(),
                        configuration: settings.configuration(for: .watchful),
                        id: settings.nextConnectionID(), logger: settings.logger
                    ).wait()
                    made = connection
                    connection.addListener(channel: settings.channel) { [weak self] _, _ in self?.wakeAll() }
                    _ = try connection.query(
                        PostgresQuery(unsafeSQL: "LISTEN \(settings.channel)"), logger: settings.logger
                    ).wait()
                    let stillWatched = state.locked { state in
                        state.connection = connection
                        return !state.watchers.isEmpty
                    }
                    if !stillWatched { let _: EventLoopFuture<Void> = connection.close() }
                    if connectedBefore {
                        settings.logger.warning("listening for commits again", metadata: ["journal": "\(settings.url)"])
                    }
                    connectedBefore = true
                    backoff = .milliseconds(100)
                    wakeAll()
                    waitUntilClosed(connection)
                    state.locked { $0.connection = nil }
                } catch {
                    if let made { let _: EventLoopFuture<Void> = made.close() }
                    state.locked { $0.connection = nil }
                    settings.logger.warning(
                        "cannot listen for commits; followers poll meanwhile",
                        metadata: [
                            "journal": "\(settings.url)",
                            "error": "\(PostgresFailure.describe(error, url: settings.url))",
                        ])
                    Thread.sleep(forTimeInterval: backoff.seconds)
                    backoff = min(backoff * 2, .seconds(5))
                }
            }
        }

        /// Waits for the session to end, pinging it every ``pingInterval``: an
        /// idle `LISTEN` session sends nothing, so without a ping a server lost
        /// behind a broken network would leave it waiting for ever, deaf. A
        /// ping unanswered within the interval closes the session.
        private func waitUntilClosed(_ connection: PostgresConnection) {
            let closed = DispatchSemaphore(value: 0)
            connection.closeFuture.whenComplete { _ in closed.signal() }
            while closed.wait(timeout: .now() + Self.pingInterval.seconds) == .timedOut {
                let ping = connection.query(PostgresQuery(unsafeSQL: "SELECT 1"), logger: settings.logger)
                let overdue = ping.eventLoop.scheduleTask(in: .seconds(Int64(Self.pingInterval.components.seconds))) {
                    let _: EventLoopFuture<Void> = connection.close()
                }
                ping.whenComplete { _ in overdue.cancel() }
                _ = try? ping.wait()
            }
        }

        static let pingInterval: Duration = .seconds(5)

        private final class Watch: CommitWatch {
            private let onCancel: Mutex<(@Sendable () -> Void)?>

            init(_ onCancel: @escaping @Sendable () -> Void) {
                self.onCancel = Mutex(onCancel)
            }

            func cancel() {
                let action = onCancel.locked { action in
                    defer { action = nil }
                    return action
                }
                action?()
            }
        }
    }
#endif
