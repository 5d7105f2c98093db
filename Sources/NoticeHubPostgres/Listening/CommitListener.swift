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
/// until the session ends; then connects again, backing off from 100 ms to
/// 5 s. A notification is only a wake-up: followers read the table.
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
        let (id, start) = state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.watchers[id] = wake
            defer { state.running = true }
            return (id, !state.running)
        }
        if start {
            let thread = Thread { [self] in run() }
            thread.name = "NoticeHub commit listener"
            thread.start()
        }
        return Watch { [weak self] in self?.unwatch(id) }
    }

    private func unwatch(_ id: Int) {
        let connection = state.withLock { state -> PostgresConnection? in
            state.watchers[id] = nil
            return state.watchers.isEmpty ? state.connection : nil
        }
        // The thread sees no watcher left once the session ends.
        if let connection { let _: EventLoopFuture<Void> = connection.close() }
    }

    private func wakeAll() {
        for wake in state.withLock({ Array($0.watchers.values) }) { wake() }
    }

    private func run() {
        var backoff: Duration = .milliseconds(100)
        var connectedBefore = false
        while true {
            let keepGoing = state.withLock { state in
                if state.watchers.isEmpty { state.running = false }
                return state.running
            }
            guard keepGoing else { return }
            do {
                let connection = try PostgresConnection.connect(
                    on: MultiThreadedEventLoopGroup.singleton.next(),
                    configuration: settings.configuration(for: .watchful),
                    id: settings.nextConnectionID(), logger: settings.logger
                ).wait()
                connection.addListener(channel: settings.channel) { [weak self] _, _ in self?.wakeAll() }
                _ = try connection.query(PostgresQuery(unsafeSQL: "LISTEN \(settings.channel)"), logger: settings.logger).wait()
                let stillWatched = state.withLock { state in
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
                try? connection.closeFuture.wait()
                state.withLock { $0.connection = nil }
            } catch {
                settings.logger.warning(
                    "cannot listen for commits; followers poll meanwhile",
                    metadata: ["journal": "\(settings.url)", "error": "\(PostgresFailure.describe(error, url: settings.url))"])
                Thread.sleep(forTimeInterval: backoff.seconds)
                backoff = min(backoff * 2, .seconds(5))
            }
        }
    }

    private final class Watch: CommitWatch {
        private let onCancel: Mutex<(@Sendable () -> Void)?>

        init(_ onCancel: @escaping @Sendable () -> Void) {
            self.onCancel = Mutex(onCancel)
        }

        func cancel() {
            let action = onCancel.withLock { action in
                defer { action = nil }
                return action
            }
            action?()
        }
    }
}
#endif
