public import Foundation

/// Where a PostgreSQL journal lives:
/// `postgres://user@host:port/database?schema=name&notify=off&sslmode=verify-full`.
///
/// Parts the URL leaves out come from libpq's variables: the user from
/// `$PGUSER`, the host from `$PGHOST`, the port from `$PGPORT` (else 5432),
/// the database from `$PGDATABASE`, `sslmode` and `sslrootcert` from
/// `$PGSSLMODE` and `$PGSSLROOTCERT`, and the password from `$PGPASSWORD`,
/// else from the password file (`$PGPASSFILE`, else `~/.pgpass`, readable
/// by its owner alone), so that it need not be written on a command line. ``description`` (what errors, logs and tools print)
/// never includes the password. `schema` puts the
/// journal's tables in a schema of their own (created when missing), so
/// several journals can share a database; the default is the server's
/// search path (`public`). `notify=off` makes followers poll only.
/// `application_name` names the sessions in `pg_stat_activity` (default
/// `noticehub`). `sslmode` and `sslrootcert` encrypt the connection as
/// libpq's do (see ``SSLMode``). `pool_max_conns` caps the server
/// connections one journal object holds (10 by default).
public struct PostgresURL: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var user: String
    public var password: String?
    public var database: String
    /// The schema holding the journal's tables; nil: the server's default.
    public var schema: String?
    /// Whether commits announce themselves with `NOTIFY` (on by default).
    public var notifications: Bool
    /// How the sessions name themselves to the server.
    public var applicationName: String
    /// The most server connections one journal object holds at once, all
    /// counted: those its statements and transactions borrow, the idle
    /// ones, and the ones its claims and its listener own
    /// (`pool_max_conns`, 10 by default, at least 2).
    public var maximumConnections: Int
    /// Whether and how the connection is encrypted (`sslmode`, as libpq
    /// names its modes).
    public var sslMode: SSLMode
    /// The certificates a server's certificate must chain to, a PEM file
    /// (`sslrootcert`, else `$PGSSLROOTCERT`); nil: the system's.
    public var sslRootCertificate: String?

    /// libpq's `sslmode` values.
    public enum SSLMode: String, Sendable, CaseIterable {
        /// Plain text.
        case disable
        /// Plain text (libpq tries it first, and only it here).
        case allow
        /// TLS when the server offers it, unverified; plain text otherwise.
        case prefer
        /// TLS, its certificate unverified (verified as `verify-ca` is when
        /// ``PostgresURL/sslRootCertificate`` names roots, as libpq does).
        case require
        /// TLS, the certificate chained to the roots, whatever host it names.
        case verifyCA = "verify-ca"
        /// TLS, the certificate chained to the roots and naming the host.
        case verifyFull = "verify-full"
    }

    /// Whether `text` is meant as a PostgreSQL URL rather than a file path.
    public static func isPostgresURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// Parses `text`, taking what it leaves out from `environment`'s libpq
    /// variables and password file.
    public init(
        _ text: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(PostgresURLError) {
        guard let schemeEnd = text.range(of: "://"), Self.isPostgresURL(text) else {
            throw PostgresURLError("a PostgreSQL URL starts with postgres://")
        }
        var rest = Substring(text[schemeEnd.upperBound...])
        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        var path: Substring = ""
        if let slash = rest.firstIndex(of: "/") {
            path = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
        }
        var user = ""
        var password: String?
        if let at = rest.lastIndex(of: "@") {
            let userInfo = rest[..<at]
            rest = rest[rest.index(after: at)...]
            if let colon = userInfo.firstIndex(of: ":") {
                user = try Self.decoded(userInfo[..<colon], "the user name")
                password = try Self.decoded(userInfo[userInfo.index(after: colon)...], "the password")
            } else {
                user = try Self.decoded(userInfo, "the user name")
            }
        }
        if user.isEmpty { user = try Self.variable("PGUSER", "the user name", environment) ?? "" }
        guard !user.isEmpty else {
            throw PostgresURLError("the URL names no user (postgres://user@host/database), nor does $PGUSER")
        }
        var host = String(rest)
        var port =
            try Self.variable("PGPORT", "the port", environment).map { text throws(PostgresURLError) in
                guard let port = Int(text), (1...65535).contains(port) else {
                    throw PostgresURLError("$PGPORT must be a number from 1 to 65535")
                }
                return port
            } ?? 5432
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else {
                throw PostgresURLError("the host's closing ] is missing")
            }
            let after = host[host.index(after: close)...]
            if after.hasPrefix(":") {
                port = try Self.port(after.dropFirst())
            } else if !after.isEmpty {
                throw PostgresURLError("unexpected text after the host")
            }
            host = String(host[host.index(after: host.startIndex)..<close])
        } else if let colon = host.lastIndex(of: ":") {
            port = try Self.port(host[host.index(after: colon)...])
            host = String(host[..<colon])
        }
        if host.isEmpty { host = try Self.variable("PGHOST", "the host", environment) ?? "" }
        guard !host.isEmpty else { throw PostgresURLError("the URL names no host, nor does $PGHOST") }
        try Self.refuseControlCharacters(host, "the host")
        var database = try Self.decoded(path, "the database name")
        if database.isEmpty { database = try Self.variable("PGDATABASE", "the database name", environment) ?? "" }
        guard !database.isEmpty else {
            throw PostgresURLError("the URL names no database (postgres://user@host/database), nor does $PGDATABASE")
        }
        if password == nil { password = try Self.variable("PGPASSWORD", "the password", environment) }
        if password == nil {
            password = try PasswordFile.password(
                host: host, port: port, database: database, user: user, environment: environment)
        }
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.database = database
        self.schema = nil
        self.notifications = true
        self.applicationName = "noticehub"
        self.maximumConnections = 10
        var sslmode = try Self.variable("PGSSLMODE", "sslmode", environment) ?? "disable"
        var rootCertificate = try Self.variable("PGSSLROOTCERT", "sslrootcert", environment)
        for item in query.split(separator: "&") where !item.isEmpty {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(parts[0]), value = try Self.decoded(parts.count > 1 ? parts[1] : "", key)
            switch key {
            case "schema":
                guard !value.isEmpty, value.utf8.count <= 63, !value.contains("\"") else {
                    throw PostgresURLError("schema must be 1 to 63 bytes without double quotes")
                }
                schema = value
            case "notify":
                guard value == "on" || value == "off" else { throw PostgresURLError("notify must be on or off") }
                notifications = value == "on"
            case "application_name":
                guard !value.isEmpty, value.utf8.count <= 63 else {
                    throw PostgresURLError("application_name must be 1 to 63 bytes")
                }
                applicationName = value
            case "pool_max_conns":
                guard let count = Int(value), (2...10_000).contains(count) else {
                    throw PostgresURLError("pool_max_conns must be a whole number from 2 to 10000, not \(value)")
                }
                maximumConnections = count
            case "sslmode":
                sslmode = value
            case "sslrootcert":
                guard !value.isEmpty else { throw PostgresURLError("sslrootcert must name a file") }
                rootCertificate = value
            default:
                throw PostgresURLError(
                    "unknown URL parameter \(key) (known: schema, notify, application_name, pool_max_conns, sslmode, sslrootcert)"
                )
            }
        }
        guard let mode = SSLMode(rawValue: sslmode) else {
            throw PostgresURLError(
                "sslmode must be one of \(SSLMode.allCases.map(\.rawValue).joined(separator: ", ")), not \(sslmode)")
        }
        sslMode = mode
        sslRootCertificate = rootCertificate
    }

    /// `environment[name]`, checked as the URL's own `what` would be; nil
    /// when unset or empty.
    private static func variable(
        _ name: String, _ what: String, _ environment: [String: String]
    ) throws(PostgresURLError) -> String? {
        guard let value = environment[name], !value.isEmpty else { return nil }
        do {
            try refuseControlCharacters(value, what)
        } catch {
            throw PostgresURLError("$\(name): \(error.reason)")
        }
        return value
    }

    /// The URL without its password, as messages and logs show it.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        var text = "postgres://\(user)@\(shownHost):\(port)/\(database)"
        var parameters: [String] = []
        if let schema { parameters.append("schema=\(schema)") }
        if !notifications { parameters.append("notify=off") }
        if applicationName != "noticehub" { parameters.append("application_name=\(applicationName)") }
        if maximumConnections != 10 { parameters.append("pool_max_conns=\(maximumConnections)") }
        if sslMode != .disable { parameters.append("sslmode=\(sslMode.rawValue)") }
        if let sslRootCertificate { parameters.append("sslrootcert=\(sslRootCertificate)") }
        if !parameters.isEmpty { text += "?" + parameters.joined(separator: "&") }
        return text
    }

    private static func port(_ text: Substring) throws(PostgresURLError) -> Int {
        guard let port = Int(text), (1...65535).contains(port) else {
            throw PostgresURLError("the port must be a number from 1 to 65535")
        }
        return port
    }

    /// `text` percent-decoded. A control character is refused: the server's
    /// startup message ends each name and value at a NUL, so one smuggled in
    /// (`%00`) would set server parameters the URL does not name. The
    /// password's message names no character, since it shows none of it.
    private static func decoded(_ text: Substring, _ what: String) throws(PostgresURLError) -> String {
        guard let decoded = String(text).removingPercentEncoding else {
            throw PostgresURLError("\(what) is not valid percent-encoding")
        }
        try refuseControlCharacters(decoded, what)
        return decoded
    }

    private static func refuseControlCharacters(_ text: String, _ what: String) throws(PostgresURLError) {
        guard let control = text.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return }
        guard what != "the password" else { throw PostgresURLError("the password holds a control character") }
        let code = String(control.value, radix: 16, uppercase: true)
        throw PostgresURLError(
            "\(what) holds a control character (U+\(String(repeating: "0", count: 4 - code.count) + code))")
    }
}

/// Why a PostgreSQL URL was refused: one line, never the password.
public struct PostgresURLError: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String

    init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { "invalid PostgreSQL URL: \(reason)" }
}
