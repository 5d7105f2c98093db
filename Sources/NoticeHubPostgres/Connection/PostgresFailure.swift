#if Postgres
    import NIOCore
    import NIOSSL
    import NoticeHub
    import PostgresNIO

    /// Turns postgres-nio's errors into one line for a user: the server's
    /// message and SQLSTATE, or what failed on the way to it. postgres-nio's own
    /// description hides everything (on purpose); this shows what helps and
    /// never a password or a bound value.
    enum PostgresFailure {
        static func describe(_ error: any Error, url: PostgresURL, sql: String? = nil) -> String {
            guard let error = error as? PSQLError else {
                return oneLine("\(error)")
            }
            var text: String
            switch error.code {
            case .server:
                let message = error.serverInfo?[.message] ?? "server error"
                let state = error.serverInfo?[.sqlState] ?? ""
                switch state {
                case "28P01", "28000":
                    text = "authentication failed for user \(url.user)"
                case "3D000":
                    text = "database \(url.database) does not exist"
                default:
                    text = state.isEmpty ? message : "\(message) (SQLSTATE \(state))"
                }
            case .connectionError:
                let cause = error.underlying.map { tlsFailure($0, url: url) ?? oneLine("\($0)") }
                text = "cannot connect to \(url.host):\(url.port)" + (cause.map { ": \($0)" } ?? "")
            case .authMechanismRequiresPassword:
                text =
                    "the server asks for a password: set $PGPASSWORD or add it to ~/.pgpass "
                    + "(in the URL, a command line shows it to every local user)"
            case .serverClosedConnection, .uncleanShutdown:
                text = "the server closed the connection"
            case .clientClosedConnection:
                text = "the connection was closed"
            default:
                text = "\(error.code)"
            }
            if let sql {
                text += " in " + sql.split(whereSeparator: \.isWhitespace).prefix(3).joined(separator: " ") + " …"
            }
            return oneLine(text)
        }

        /// A failed TLS handshake in a user's words, naming the `sslmode` and
        /// the roots, never the TLS library's source paths; nil for another
        /// error.
        static func tlsFailure(_ error: any Error, url: PostgresURL) -> String? {
            let mode = "sslmode=\(url.sslMode.rawValue)"
            let roots = url.sslRootCertificate ?? "the system's roots"
            if let extra = error as? NIOSSLExtraError, extra == .failedToValidateHostname {
                return "the server's certificate does not name \(url.host) (\(mode))"
            }
            guard let ssl = error as? NIOSSLError, case .handshakeFailed(let failure) = ssl else { return nil }
            let detail = "\(failure)"
            if detail.contains("CERTIFICATE_VERIFY_FAILED") {
                return "the server's certificate is not signed by \(roots) (\(mode))"
            }
            // BoringSSL's reason, as CODE in "…:CODE at file:line".
            let reason = detail.split(separator: ":").last { $0.contains(" at ") }?
                .split(separator: " ").first.map(String.init)
            return "the TLS handshake failed (\(reason ?? "no reason given"), \(mode))"
        }

        /// What `noticehub_append_and_announce` raises when the projection registry is not
        /// at the generation its caller routed the batch by.
        static let projectionsChangedState = "NHP01"

        /// The server's SQLSTATE, when the error is the server's.
        static func sqlState(of error: any Error) -> String? {
            guard let error = error as? PSQLError, error.code == .server else { return nil }
            return error.serverInfo?[.sqlState]
        }

        /// Whether a failed connection attempt is worth making again: the
        /// server had no connection slot left (SQLSTATE 53300), or the attempt
        /// (connection, TLS and authentication together) did not finish within
        /// its timeout, as on a server or client host whose cores are all busy.
        /// A refused connection, a failed TLS handshake or authentication, a
        /// missing database are not: asked again, they fail again.
        static func isWorthConnectingAgain(_ error: any Error) -> Bool {
            if sqlState(of: error) == "53300" { return true }
            guard let error = error as? PSQLError, error.code == .connectionError,
                let cause = error.underlying as? ChannelError, case .connectTimeout = cause
            else { return false }
            return true
        }

        /// Whether the error means the session is gone.
        static func losesConnection(_ error: any Error) -> Bool {
            if let error = error as? PSQLError {
                switch error.code {
                case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown: return true
                case .server:
                    // admin_shutdown, crash_shutdown, cannot_connect_now
                    return ["57P01", "57P02", "57P03"].contains(error.serverInfo?[.sqlState] ?? "")
                default: return false
                }
            }
            return error is ChannelError || error is IOError
        }

        private static func oneLine(_ text: String) -> String {
            text.split(whereSeparator: \.isNewline).joined(separator: " ")
        }
    }
#endif
