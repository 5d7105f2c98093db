#if Postgres
    import NoticeHub
    import PostgresNIO
    import Synchronization

    /// A responder's claim on a PostgreSQL journal: a session advisory lock on
    /// a random key, held by a session of its own
    /// (``PostgresSession/holdingAdvisoryLock(_:settings:)``), and the claim's
    /// row in `responders`, written through that session once the lock is
    /// held. Requesters count a row as live while `pg_locks` shows its lock
    /// granted, so a responder whose session ends (its process died, its host
    /// vanished, the server was restarted) stops being counted.
    ///
    /// The session never runs another statement until the release, and never
    /// reconnects: a new session would not hold the lock.
    final class PostgresResponderClaim: ResponderClaim, @unchecked Sendable {
        /// The claim's key: its row's and its advisory lock's.
        let key: Int64
        private let session: Mutex<PostgresSession?>

        init(_ responder: Sender, answering name: NoticeName, settings: PostgresSettings) throws {
            var key = ResponderRows.randomKey()
            var locked = try PostgresSession.holdingAdvisoryLock(key, settings: settings)
            while locked == nil {
                key = ResponderRows.randomKey()
                locked = try PostgresSession.holdingAdvisoryLock(key, settings: settings)
            }
            let session = locked!
            do {
                try ResponderRows.insert(
                    key: key, responder: responder, name: name, into: PostgresProjectionStore(session))
            } catch {
                session.close()
                throw error
            }
            self.key = key
            self.session = Mutex(session)
        }

        deinit { release() }

        /// False once released, or once the session's connection closed (the
        /// server ended it, or it was found lost).
        var isHeld: Bool { session.locked { $0?.isConnected ?? false } }

        /// Deletes the row, while the session still holds the lock (best
        /// effort: a row left behind is found dead and deleted by the next
        /// ``PostgresJournal/liveResponders()``), unlocks the key, then ends
        /// the session. The unlock is waited for: a server lets go of a
        /// closed session's locks only as its backend exits, a moment after
        /// the close, and a requester must not count the responder meanwhile.
        func release() {
            let held = session.locked { session -> PostgresSession? in
                defer { session = nil }
                return session
            }
            guard let held else { return }
            if held.isConnected {
                _ = try? ResponderRows.delete([key], from: PostgresProjectionStore(held))
                var binds = PostgresBindings()
                binds.append(key)
                _ = try? held.query("SELECT pg_advisory_unlock($1)", binds)
            }
            held.close()
        }
    }
#endif
