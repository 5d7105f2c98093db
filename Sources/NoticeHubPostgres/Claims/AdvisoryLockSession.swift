#if Postgres
    import NoticeHub
    import PostgresNIO

    extension PostgresSession {
        /// A watchful session of its own holding the session advisory lock on
        /// `key`, or nil when another session holds it. The server lets go of
        /// the lock when the session ends: at once when the holder's process
        /// dies, and within about 11 s when its host vanishes (the watchful
        /// session's keepalives and `client_connection_check_interval`).
        static func holdingAdvisoryLock(_ key: Int64, settings: PostgresSettings) throws(JournalError)
            -> PostgresSession?
        {
            let session = try PostgresSession(settings, purpose: .watchful)
            var binds = PostgresBindings()
            binds.append(key)
            let locked =
                try session.query("SELECT pg_try_advisory_lock($1)", binds).rows.first
                .flatMap { try? $0.decode(Bool.self) } ?? false
            guard locked else {
                session.close()
                return nil
            }
            return session
        }
    }
#endif
