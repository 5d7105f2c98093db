import Foundation
@testable import NoticeHubPostgres
import Testing
import TestSupport

/// The URLs `--db` and `PostgresJournal(url:)` take: every part read, the
/// password from the environment when the URL has none, and never shown.
struct PostgresURLTests {
    @Test func everyPartIsRead() throws {
        let url = try PostgresURL(
            "postgresql://app%40x:p%3Ass@db.internal:6543/news%20db?schema=notices&notify=off&pool_max_conns=4",
            environment: [:])
        #expect(url.user == "app@x" && url.password == "p:ss")
        #expect(url.host == "db.internal" && url.port == 6543 && url.database == "news db")
        #expect(url.schema == "notices" && !url.notifications && url.maximumConnections == 4)
        #expect(
            url.description == "postgres://app@x@db.internal:6543/news db?schema=notices&notify=off&pool_max_conns=4")
    }

    @Test func defaultsAndTheEnvironmentsPassword() throws {
        let url = try PostgresURL("postgres://app@[::1]/app", environment: ["PGPASSWORD": "secret"])
        #expect(url.host == "::1" && url.port == 5432 && url.password == "secret")
        #expect(url.schema == nil && url.notifications && url.maximumConnections == 10)
        #expect(url.description == "postgres://app@[::1]:5432/app")
        #expect(
            try PostgresURL("postgres://app:inline@h/app", environment: ["PGPASSWORD": "other"]).password == "inline")
    }

    /// libpq's variables fill in what the URL leaves out, and never
    /// override what it says.
    @Test func theLibpqVariablesFillInWhatTheURLLeavesOut() throws {
        let environment = [
            "PGUSER": "app", "PGHOST": "db.internal", "PGPORT": "6543", "PGDATABASE": "news",
            "PGPASSWORD": "secret", "PGSSLMODE": "prefer",
        ]
        let url = try PostgresURL("postgres://", environment: environment)
        #expect(url.user == "app" && url.host == "db.internal" && url.port == 6543 && url.database == "news")
        #expect(url.password == "secret")
        let named = try PostgresURL("postgres://ops:pw@h:7000/other", environment: environment)
        #expect(named.user == "ops" && named.host == "h" && named.port == 7000 && named.database == "other")
        #expect(named.password == "pw")
        #expect(throws: PostgresURLError("$PGPORT must be a number from 1 to 65535")) {
            try PostgresURL("postgres://app@h/app", environment: ["PGPORT": "http"])
        }
        #expect(url.sslMode == .prefer && url.sslRootCertificate == nil)
        let verified = try PostgresURL(
            "postgres://app@h/app", environment: ["PGSSLMODE": "verify-full", "PGSSLROOTCERT": "/etc/ca.pem"])
        #expect(verified.sslMode == .verifyFull && verified.sslRootCertificate == "/etc/ca.pem")
        #expect(verified.description == "postgres://app@h:5432/app?sslmode=verify-full&sslrootcert=/etc/ca.pem")
        let overridden = try PostgresURL(
            "postgres://app@h/app?sslmode=require&sslrootcert=mine.pem", environment: ["PGSSLMODE": "verify-full"])
        #expect(overridden.sslMode == .require && overridden.sslRootCertificate == "mine.pem")
    }

    /// The password file, as libpq reads it: the first matching line, `*`
    /// for any value, `\:` and `\\` escaped; and only when no one else may
    /// read it.
    @Test func thePasswordFileGivesTheFirstMatchingLine() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("pgpass")
        try directory.write(
            #"""
            # host:port:database:user:password
            other:5432:app:app:wrong
            db.internal:*:app:app:p\\a\:ss
            *:*:*:app:fallback
            """#, to: "pgpass")
        chmod(path, 0o600)
        let environment = ["PGPASSFILE": path]
        #expect(try PostgresURL("postgres://app@db.internal/app", environment: environment).password == #"p\a:ss"#)
        #expect(try PostgresURL("postgres://app@db.internal/news", environment: environment).password == "fallback")
        #expect(try PostgresURL("postgres://ops@db.internal/app", environment: environment).password == nil)
        #expect(
            try PostgresURL(
                "postgres://app@db.internal/app", environment: environment.merging(["PGPASSWORD": "env"]) { $1 }
            )
            .password == "env")
        #expect(
            try PostgresURL("postgres://app@db.internal/app", environment: ["HOME": directory.path("none")]).password
                == nil)
        chmod(path, 0o644)
        #expect(
            throws: PostgresURLError(
                "the password file \(path) may be read by others: make it readable by its owner alone (chmod 600)")
        ) { try PostgresURL("postgres://app@db.internal/app", environment: environment) }
        #expect(try PostgresURL("postgres://app:pw@db.internal/app", environment: environment).password == "pw")
    }

    @Test(arguments: [
        ("mysql://app@h/app", "a PostgreSQL URL starts with postgres://"),
        ("postgres://h/app", "the URL names no user (postgres://user@host/database), nor does $PGUSER"),
        ("postgres://app:pw@/app", "the URL names no host, nor does $PGHOST"),
        ("postgres://app:pw@h", "the URL names no database (postgres://user@host/database), nor does $PGDATABASE"),
        (
            "postgres://app:pw@h/app?sslmode=maybe",
            "sslmode must be one of disable, allow, prefer, require, verify-ca, verify-full, not maybe"
        ),
        ("postgres://app:pw@h:0/app", "the port must be a number from 1 to 65535"),
        ("postgres://app:pw@h/app?schema=", "schema must be 1 to 63 bytes without double quotes"),
        ("postgres://app:pw@h/app?notify=maybe", "notify must be on or off"),
        ("postgres://app:pw@h/app?pool_max_conns=1", "pool_max_conns must be a whole number from 2 to 10000, not 1"),
        (
            "postgres://app:pw@h/app?pool_max_conns=many",
            "pool_max_conns must be a whole number from 2 to 10000, not many"
        ),
        (
            "postgres://app:pw@h/app?colour=red",
            "unknown URL parameter colour (known: schema, notify, application_name, pool_max_conns, sslmode, sslrootcert)"
        ),
        // A NUL ends a startup parameter: what follows would set others.
        (
            "postgres://app:pw@h/app?application_name=x%00options%00-c%20default_transaction_read_only%3Don",
            "application_name holds a control character (U+0000)"
        ),
        ("postgres://app%00options:pw@h/app", "the user name holds a control character (U+0000)"),
        ("postgres://app:pw@h/app%00x", "the database name holds a control character (U+0000)"),
        ("postgres://app:pw@h/app?schema=s%0Ax", "schema holds a control character (U+000A)"),
        ("postgres://app:p%00w@h/app", "the password holds a control character"),
    ])
    func aBadURLSaysWhatIsWrongWithoutThePassword(text: String, reason: String) {
        #expect(throws: PostgresURLError(reason)) { try PostgresURL(text, environment: [:]) }
        #expect(!"\(PostgresURLError(reason))".contains("pw"))
    }
}
