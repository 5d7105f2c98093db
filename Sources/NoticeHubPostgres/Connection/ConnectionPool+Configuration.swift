#if Postgres
    import NIOCore
    import NoticeHub
    import PostgresNIO
    import Synchronization

    /// How the pool's connections introduce themselves to the server.
    extension ConnectionPool {
        /// The connection configuration for `purpose`: the URL's server,
        /// credentials and TLS, its schema as the search path, and the
        /// server-side timeouts that find a vanished client.
        func configuration(for purpose: PostgresSettings.Purpose) throws(JournalError)
            -> PostgresConnection.Configuration
        {
            let tls = try tls.withLock { made in
                if let made { return made }
                let result = Result { () throws(JournalError) in try PostgresTLS.configuration(for: url) }
                made = result
                return result
            }.get()
            var configuration = PostgresConnection.Configuration(
                host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
                tls: tls)
            configuration.options.connectTimeout = TimeAmount(Self.connectTimeout)
            var parameters: [(String, String)] = [("application_name", url.applicationName)]
            if let schema = url.schema {
                parameters.append(("search_path", "\"\(schema)\""))
            }
            // The server probes a silent client after 5 s, every 2 s, 3 times:
            // a vanished host's sessions (and a claim's lock) end within about
            // 11 s instead of the two hours of the default TCP keepalive.
            // Keepalives probe only a connection with nothing unacknowledged;
            // one the server is sending to (a notification, rows) would retry
            // for about 15 minutes, so unacknowledged data ends it after 11 s too.
            parameters += [
                ("tcp_keepalives_idle", "5"), ("tcp_keepalives_interval", "2"), ("tcp_keepalives_count", "3"),
                ("tcp_user_timeout", "11000"),
            ]
            if purpose == .presence {
                // Also while the session runs a statement (keepalives only
                // probe an idle connection).
                parameters.append(("client_connection_check_interval", "2000"))
                parameters.append(("synchronous_commit", "off"))
            }
            configuration.options.additionalStartupParameters = parameters
            return configuration
        }
    }
#endif
