#if Postgres
    import NoticeHub
    import PostgresNIO

    extension PostgresSession {
        /// A `.presence` session, on a connection of its own, holding the
        /// session advisory lock on `key`, or nil when another session holds
        /// it, in this process or another. The server lets go of the lock when
        /// the connection ends: at once when the holder's process dies, and
        /// within about 11 to 16 s when its host vanishes (the connection's
        /// keepalives, `tcp_user_timeout` and `client_connection_check_interval`).
        static func holdingAdvisoryLock(_ key: Int64, settings: PostgresSettings) throws(JournalError)
            -> PostgresSession?
        {
            let session = try PostgresSession(settings, purpose: .presence)
            var binds = PostgresBindings()
            binds.append(key)
            let locked: Bool
            do {
                locked =
                    try session.query("SELECT pg_try_advisory_lock($1)", binds).rows.first
                    .flatMap { try? $0.decode(Bool.self) } ?? false
            } catch {
                session.close()
                throw error
            }
            guard locked else {
                session.close()
                return nil
            }
            return session
        }

        /// Lets go of the advisory lock on `key` that
        /// ``holdingAdvisoryLock(_:settings:)`` took, then ends the session. The
        /// unlock is waited for, so that whoever asks next finds it free; when
        /// it cannot run (the connection is lost, or the statement failed),
        /// the connection's closing is waited for instead, the server letting
        /// go of the lock as its session ends.
        func releaseAdvisoryLock(_ key: Int64) {
            var unlocked = false
            if isConnected {
                var binds = PostgresBindings()
                binds.append(key)
                unlocked = (try? query("SELECT pg_advisory_unlock($1)", binds)) != nil
            }
            if unlocked {
                close()
            } else {
                closeWaiting()
            }
        }
    }
#endif
