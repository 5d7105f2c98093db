#if Postgres
import Foundation
import NoticeHub
import PostgresNIO
import Synchronization

/// Announces a journal object's commits with `NOTIFY`, from a thread and a
/// session of its own, after the posters have their answers.
///
/// A commit that notifies costs about as much again as one that does not
/// (`NOTIFY` takes a cluster-wide lock through the commit's WAL flush), so
/// appends never notify themselves. Commits made while an announcement is
/// on its way share the next one: at most one `NOTIFY` is in flight per
/// journal object, and it carries the last sequence number, not the data.
/// If the process dies before it announces a commit, followers see the
/// commit at their next poll.
final class CommitAnnouncer: Sendable {
    private let settings: PostgresSettings
    private struct State {
        var pending: Int64?
        var running = false
        var stopped = false
    }
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)

    init(_ settings: PostgresSettings) {
        self.settings = settings
    }

    /// Asks for an announcement that the journal now ends at `last`.
    func announce(_ last: Int64) {
        let (signal, start) = state.withLock { state -> (Bool, Bool) in
            guard !state.stopped else { return (false, false) }
            let wasIdle = state.pending == nil
            state.pending = max(state.pending ?? 0, last)
            defer { state.running = true }
            return (wasIdle, !state.running)
        }
        if start {
            let thread = Thread { [self] in run() }
            thread.name = "NoticeHub commit announcer"
            thread.start()
        }
        if signal { wake.signal() }
    }

    func stop() {
        state.withLock { $0.stopped = true }
        wake.signal()
    }

    private func run() {
        var session: PostgresSession?
        while true {
            wake.wait()
            guard let last = state.withLock({ state -> Int64? in
                defer { state.pending = nil }
                return state.stopped ? nil : state.pending
            }) else {
                if state.withLock({ $0.stopped }) { break }
                continue
            }
            do {
                if session == nil { session = try PostgresSession(settings, purpose: .announcing) }
                var binds = PostgresBindings()
                binds.append(settings.channel)
                binds.append(String(last))
                try session?.query("SELECT pg_notify($1, $2)", binds)
            } catch {
                // Followers poll meanwhile; the session connects again next time.
                if session?.isConnected == false { session = nil }
            }
        }
        session?.close()
    }
}
#endif
