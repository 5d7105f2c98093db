public import Foundation

/// Where a PostgreSQL journal lives:
/// `postgres://user:password@host:port/database?schema=name&notify=off`.
///
/// The password may instead come from `$PGPASSWORD`. ``description`` (what
/// errors, logs and tools print) never includes it. `schema` puts the
/// journal's tables in a schema of their own (created when missing), so
/// several journals can share a database; the default is the server's
/// search path (`public`). `notify=off` makes followers poll only.
/// `application_name` names the sessions in `pg_stat_activity` (default
/// `noticehub`).
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

    /// Whether `text` is meant as a PostgreSQL URL rather than a file path.
    public static func isPostgresURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// Parses `text`, taking the password from `environment["PGPASSWORD"]`
    /// when the URL has none.
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
        guard !user.isEmpty else { throw PostgresURLError("the URL names no user (postgres://user@host/database)") }
        var host = String(rest)
        var port = 5432
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
        guard !host.isEmpty else { throw PostgresURLError("the URL names no host") }
        try Self.refuseControlCharacters(host, "the host")
        let database = try Self.decoded(path, "the database name")
        guard !database.isEmpty else {
            throw PostgresURLError("the URL names no database (postgres://user@host/database)")
        }
        self.host = host
        self.port = port
        self.user = user
        self.password = password ?? environment["PGPASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
        self.database = database
        self.schema = nil
        self.notifications = true
        self.applicationName = "noticehub"
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
            case "sslmode" where value == "disable":
                break
            case "sslmode":
                throw PostgresURLError(
                    "sslmode=\(value) is not supported: NoticeHub connects without TLS (sslmode=disable)")
            default:
                throw PostgresURLError(
                    "unknown URL parameter \(key) (known: schema, notify, application_name, sslmode)")
            }
        }
    }

    /// The URL without its password, as messages and logs show it.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        var text = "postgres://\(user)@\(shownHost):\(port)/\(database)"
        var parameters: [String] = []
        if let schema { parameters.append("schema=\(schema)") }
        if !notifications { parameters.append("notify=off") }
        if applicationName != "noticehub" { parameters.append("application_name=\(applicationName)") }
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
