import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
@testable import NoticeHubPostgres
import NoticeJournalConformance
import NoticeSQLite
import Testing
import TestSupport

/// The backends this package ships, as the conformance checks see them.
/// Each check asks one for a fresh ``JournalPlace``: a new SQLite file in a
/// temporary directory, or a new schema in the test server's database.
typealias Backend = ConformanceBackend

extension ConformanceBackend {
    /// SQLite always; PostgreSQL when this build has the `Postgres` trait and
    /// `NOTICEHUB_TEST_POSTGRES_URL` names a server (`scripts/pg-test-server`
    /// starts one). With `NOTICEHUB_REQUIRE_POSTGRES=1`, as CI sets it, a
    /// missing server fails every PostgreSQL case instead of leaving it out.
    static let all: [Backend] = {
        var backends = [sqlite]
        let environment = ProcessInfo.processInfo.environment
        let url = environment["NOTICEHUB_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
        let required = environment["NOTICEHUB_REQUIRE_POSTGRES"] == "1"
        #if Postgres
            if let url {
                backends.append(postgres(url))
            } else if required {
                backends.append(unavailable("NOTICEHUB_TEST_POSTGRES_URL is not set; run scripts/pg-test-server start"))
            }
        #else
            if required {
                backends.append(unavailable("this build lacks the Postgres trait; test with --traits Postgres"))
            }
        #endif
        return backends
    }()

    /// SQLite announces no commits (its followers poll the file), nor renews
    /// responder claims, which are file locks that end with their process.
    static let sqlite = Backend(name: "SQLite") {
        let directory = TemporaryDirectory()
        let path = directory.path("journal.sqlite")
        return JournalPlace(location: path, keeping: directory) {
            try SQLiteJournal(path: path, creatingIfMissing: $0)
        } runSQL: { sql in
            try SQLiteConnection(path: path).execute(sql)
        } endResponder: { claim in
            // Closing the lock's descriptor drops the lock, as the process's death would.
            (claim as! ResponderLock).abandon()
        }
    }

    #if Postgres
        /// Each place is a schema of its own, dropped when the place goes.
        static func postgres(_ base: String) -> Backend {
            Backend(name: "PostgreSQL") {
                var url = try PostgresURL(base)
                url.schema = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
                let place = url
                let schema = SchemaDropper(try PostgresSession(PostgresSettings(url: place)), place.schema!)
                return JournalPlace(location: place.description, keeping: schema) {
                    try PostgresJournal(url: place, creatingIfMissing: $0)
                } runSQL: { sql in
                    try schema.run(sql)
                } endResponder: { claim in
                    // As an administrator would, or the server when the holder's process dies.
                    try schema.run(
                        """
                        SELECT pg_terminate_backend(pid) FROM pg_locks
                        WHERE locktype = 'advisory' AND objsubid = 1 AND granted
                          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
                          AND ((classid::bigint << 32) | objid::bigint) = \((claim as! PostgresResponderClaim).key)
                        """)
                }
            }
        }
    #endif

    /// The schema version this build brings the backend's journals to.
    var latestSchemaVersion: Int {
        #if Postgres
            if name != "SQLite" { return PostgresJournal.schemaVersion }
        #endif
        return SQLiteJournal.schemaVersion
    }

    static func unavailable(_ reason: String) -> Backend {
        Backend(name: "PostgreSQL (unavailable)") { () throws -> JournalPlace in
            struct Unavailable: Error, CustomStringConvertible { let description: String }
            throw Unavailable(description: reason)
        }
    }
}

#if Postgres
    /// A test's schema: SQL run in it behind NoticeHub's back, and dropped when
    /// the test is done with it.
    final class SchemaDropper: @unchecked Sendable {
        private let session: PostgresSession
        private let schema: String
        private let lock = NSLock()

        init(_ session: PostgresSession, _ schema: String) {
            self.session = session
            self.schema = schema
        }

        func run(_ sql: String) throws {
            try lock.withLock {
                _ = try session.script(
                    "CREATE SCHEMA IF NOT EXISTS \"\(schema)\"; SET search_path TO \"\(schema)\"; \(sql)")
            }
        }

        deinit {
            _ = try? session.script("DROP SCHEMA IF EXISTS \"\(schema)\" CASCADE")
            session.close()
        }
    }
#endif
