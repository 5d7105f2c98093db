#if Postgres
    import NoticeHub
    import PostgresNIO
    import Synchronization

    /// A responder's claim on a PostgreSQL journal: a session advisory lock on
    /// a random key, held on a connection of the claim's own
    /// (``PostgresSession/holdingAdvisoryLock(_:settings:)``), and the claim's
    /// row in `responders`, written through that connection once the lock is
    /// held. Requesters count a row as live while `pg_locks` shows its lock
    /// granted, so a responder whose session ends (its process died, its host
    /// vanished, the server was restarted) stops being counted.
    ///
    /// The claim's session runs nothing but ``confirmHeld()``'s `SELECT 1`
    /// until the release, and never connects again: a new connection would
    /// not hold the lock. A confirmation unanswered within
    /// ``confirmationTimeout`` closes the connection, so a claim cut off by a
    /// network partition is found lost (and made again by its responder)
    /// rather than left on a half-open connection.
    final class PostgresResponderClaim: ResponderClaim, @unchecked Sendable {
        /// How long a confirmation waits for the server's answer: a
        /// `SELECT 1` takes milliseconds, so a longer silence is a lost link.
        static let confirmationTimeout: Duration = .seconds(5)

        /// The claim's key: its row's and its advisory lock's.
        let key: Int64
        private let responder: Sender
        private let name: NoticeName
        private let settings: PostgresSettings
        private let losses: LostResponderClaims
        private let session: Mutex<PostgresSession?>

        /// Claims `name` for `responder` under a random key, or under
        /// `reusedKey` alone: nil when another session holds that key's lock
        /// (the lost claim's, which the server has not yet found ended). A
        /// claim that replaces one found lost (as `losses` has it) is told at
        /// warning level.
        static func claim(
            _ responder: Sender, answering name: NoticeName, reusing reusedKey: Int64? = nil,
            settings: PostgresSettings, losses: LostResponderClaims
        ) throws -> PostgresResponderClaim? {
            var key = reusedKey ?? ResponderRows.randomKey()
            var locked = try PostgresSession.holdingAdvisoryLock(key, settings: settings)
            if reusedKey != nil, locked == nil { return nil }
            while locked == nil {
                key = ResponderRows.randomKey()
                locked = try PostgresSession.holdingAdvisoryLock(key, settings: settings)
            }
            return try PostgresResponderClaim(
                responder, answering: name, key: key, session: locked!, settings: settings, losses: losses)
        }

        /// The claim whose lock `session` holds: writes its row.
        private init(
            _ responder: Sender, answering name: NoticeName, key: Int64, session: PostgresSession,
            settings: PostgresSettings, losses: LostResponderClaims
        ) throws {
            do {
                try ResponderRows.insert(
                    key: key, responder: responder, name: name, into: PostgresProjectionStore(session))
            } catch {
                session.releaseAdvisoryLock(key)
                throw error
            }
            self.key = key
            self.responder = responder
            self.name = name
            self.settings = settings
            self.losses = losses
            self.session = Mutex(session)
            if let since = losses.takeLoss(of: responder, answering: name) {
                settings.logger.warning(
                    "a responder claimed again after losing its claim",
                    metadata: [
                        "journal": "\(settings.url)", "responder": "\(responder)", "name": "\(name)",
                        "lost_for_ms": "\(Int(since.seconds * 1000))",
                    ])
            }
        }

        deinit { release() }

        /// False once released, or once the session's connection closed (the
        /// server ended it, or it was found lost).
        var isHeld: Bool { session.locked { $0?.isConnected ?? false } }

        /// A `SELECT 1` on the claim's session: the backend that answers holds
        /// the lock. Unanswered within ``confirmationTimeout``, or on a closed
        /// connection, the claim is lost: the session is closed and the loss
        /// told at warning level. A release waits for a confirmation under way.
        func confirmHeld() -> Bool {
            session.locked { session in
                guard let held = session else { return false }
                if held.answers(within: Self.confirmationTimeout) { return true }
                held.close()
                session = nil
                losses.noteLoss(of: responder, answering: name)
                settings.logger.warning(
                    "a responder lost its claim; it claims again when the server answers",
                    metadata: ["journal": "\(settings.url)", "responder": "\(responder)", "name": "\(name)"])
                return false
            }
        }

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
            }
            held.releaseAdvisoryLock(key)
        }
    }
#endif
