#if Postgres
    import Foundation
    import NIOCore
    import NIOPosix
    import NoticeHub
    import PostgresNIO
    import Synchronization

    /// The one `LISTEN` of a journal object, on a connection of its own,
    /// shared by its followers.
    ///
    /// It runs on a thread of its own while anyone watches: connects, listens
    /// on the schema's channel, wakes every watcher (so each catches up on what
    /// it may have missed meanwhile), then wakes them on each notification
    /// until the connection ends (pinging it every 5 s); then connects again,
    /// backing off from 100 ms to 5 s. A notification is only a wake-up:
    /// followers read the table.
    final class CommitListener: Sendable {
        private let settings: PostgresSettings
        private struct State {
            var watchers: [Int: @Sendable () -> Void] = [:]
            var nextID = 0
            var running = false
        }
        private let state = Mutex(State())
        /// Wakes the thread when its connection closes or its last watcher goes.
        private let nudge = DispatchSemaphore(value: 0)

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
            let last = state.locked { state in
                state.watchers[id] = nil
                return state.watchers.isEmpty
            }
            if last { nudge.signal() }
        }

        private func wakeAll() {
            for wake in state.locked({ Array($0.watchers.values) }) { wake() }
        }

        private var isWatched: Bool {
            state.locked { state in
                if state.watchers.isEmpty { state.running = false }
                return state.running
            }
        }

        private func run() {
            var backoff: Duration = .milliseconds(100)
            var connectedBefore = false
            while isWatched {
                do {
                    let session = try PostgresSession(settings, purpose: .presence)
                    defer { session.close() }
                    guard let listening = session.connection else { continue }
                    listening.addListener(channel: settings.channel) { [weak self] _, _ in self?.wakeAll() }
                    try session.script("LISTEN \(settings.channel)")
                    listening.closeFuture.whenComplete { [nudge] _ in nudge.signal() }
                    if connectedBefore {
                        settings.logger.warning("listening for commits again", metadata: ["journal": "\(settings.url)"])
                    }
                    connectedBefore = true
                    backoff = .milliseconds(100)
                    wakeAll()
                    waitWhileOpen(session, listening)
                } catch {
                    settings.logger.warning(
                        "cannot listen for commits; followers poll meanwhile",
                        metadata: ["journal": "\(settings.url)", "error": "\(error)"])
                    Thread.sleep(forTimeInterval: backoff.seconds)
                    backoff = min(backoff * 2, .seconds(5))
                }
            }
        }

        /// Waits while the connection is open and someone watches, pinging it
        /// every ``pingInterval``: an idle `LISTEN` sends nothing, so without a
        /// ping a server lost behind a broken network would leave it waiting
        /// for ever, deaf. A ping unanswered within the interval closes the
        /// connection.
        private func waitWhileOpen(_ session: PostgresSession, _ connection: PostgresConnection) {
            while !connection.isClosed, isWatched {
                guard nudge.wait(timeout: .now() + Self.pingInterval.seconds) == .timedOut else { continue }
                if !session.answers(within: Self.pingInterval) { return }
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
