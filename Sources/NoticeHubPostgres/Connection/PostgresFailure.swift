#if Postgres
    import NIOCore
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
                text =
                    error.underlying.map { "cannot connect to \(url.host):\(url.port): \(oneLine("\($0)"))" }
                    ?? "cannot connect to \(url.host):\(url.port)"
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

        /// What `noticehub_append` raises when the projection registry is not
        /// at the generation its caller routed the batch by.
        static let projectionsChangedState = "NHP01"

        /// The server's SQLSTATE, when the error is the server's.
        static func sqlState(of error: any Error) -> String? {
            guard let error = error as? PSQLError, error.code == .server else { return nil }
            return error.serverInfo?[.sqlState]
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
