#if Postgres
    import Foundation
    import NoticeHub
    import PostgresNIO
    import Synchronization

    /// Announces a journal object's commits with `NOTIFY`, from a thread of its
    /// own on a connection borrowed from the pool (in a transaction that does
    /// not wait for the disk), after the posters have their answers.
    ///
    /// A `NOTIFY` is not free even off the posters' path (it takes a
    /// cluster-wide lock and writes the notification queue): announcing every
    /// commit cost eight durable posters about a sixth of their rate on the
    /// development machine. So appends never notify themselves, and
    /// announcements are spaced: the first commit after a quiet spell is
    /// announced at once, and those that follow within the spacing share one
    /// announcement at its end. The spacing is ``spacing``, and
    /// ``busySpacing`` while announcements each cover more than
    /// ``busyCommits`` commits (more than a thousand a second), when the
    /// commits' rate matters more than a follower's last milliseconds. A
    /// commit holding a request or a reply is announced at once, whatever the
    /// spacing: a requester, then a responder, waits on each. An
    /// announcement carries the last sequence number, never the data. If the
    /// process dies before it announces a commit, followers see the commit at
    /// their next poll.
    final class CommitAnnouncer: Sendable {
        private let settings: PostgresSettings
        private struct State {
            var pending: Int64?
            /// Commits since the last announcement was taken.
            var commits = 0
            var running = false
            var stopped = false
        }
        private let state = Mutex(State())
        private let wake = DispatchSemaphore(value: 0)
        /// Cuts the spacing short for a commit announced at once.
        private let hurry = DispatchSemaphore(value: 0)
        /// The least time between two announcements: what a follower may wait
        /// beyond a commit under a steady stream of them.
        static let spacing: Duration = .milliseconds(5)
        /// The spacing while commits are many (see ``busyCommits``).
        static let busySpacing: Duration = .milliseconds(25)
        /// More commits than this under one announcement make the journal busy.
        static let busyCommits = 5

        init(_ settings: PostgresSettings) {
            self.settings = settings
        }

        /// Asks for an announcement that the journal now ends at `last`; with
        /// `atOnce`, without waiting for the spacing to pass.
        func announce(_ last: Int64, atOnce: Bool = false) {
            let (signal, start) = state.locked { state -> (Bool, Bool) in
                guard !state.stopped else { return (false, false) }
                let wasIdle = state.pending == nil
                state.pending = max(state.pending ?? 0, last)
                state.commits += 1
                defer { state.running = true }
                return (wasIdle, !state.running)
            }
            if start, !SystemThread.start(name: "NoticeHub commit announcer", { [self] in run() }) {
                // Followers see the commit at their next poll; a later commit tries again.
                state.locked {
                    $0.running = false; $0.pending = nil
                }
                settings.logger.warning(
                    "cannot start a thread to announce commits; followers see them at their next poll")
                return
            }
            if signal { wake.signal() }
            if atOnce { hurry.signal() }
        }

        func stop() {
            state.locked { $0.stopped = true }
            wake.signal()
            hurry.signal()
        }

        private func run() {
            var session: PostgresSession?
            while true {
                wake.wait()
                guard
                    let (last, commits) = state.locked({ state -> (Int64, Int)? in
                        defer {
                            state.pending = nil
                            state.commits = 0
                        }
                        return state.stopped ? nil : state.pending.map { ($0, state.commits) }
                    })
                else {
                    if state.locked({ $0.stopped }) { break }
                    continue
                }
                do {
                    if session == nil { session = try PostgresSession(settings) }
                    // The channel is the schema's hash in hex; the number a sequence.
                    try session?.script(
                        "BEGIN; SET LOCAL synchronous_commit TO OFF; "
                            + "SELECT pg_notify('\(settings.channel)', '\(last)'); COMMIT")
                } catch {
                    // Followers poll meanwhile; the next statement borrows another connection.
                }
                let spacing = commits > Self.busyCommits ? Self.busySpacing : Self.spacing
                _ = hurry.wait(timeout: .now() + spacing.seconds)
            }
            session?.close()
        }
    }
#endif
