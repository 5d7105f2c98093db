#if Postgres
    import Foundation
    import Logging
    import PostgresNIO
    @testable import NoticeHubCore
    @testable import NoticeHubSQLite
    @testable import NoticeHubPostgres
    import Synchronization
    import Testing
    import TestSupport

    /// What a follower and a durable subscriber do when the server ends their
    /// sessions (`pg_terminate_backend`, as a restart or an administrator
    /// would): the follower connects again and goes on without a gap, the
    /// subscriber claims its name again and goes on from its saved cursor;
    /// both are logged at warning level.
    struct SessionLossTests {
        @Test(arguments: PostgresTestServer.available)
        func aFollowerWhoseSessionEndsConnectsAgainAndMissesNothing(server: PostgresTestServer) throws {
            let place = try Place(server.url)
            let follower = try NoticeHub(journal: PostgresJournal(url: place.url, logger: place.logger))
            let poster = try NoticeHub(journal: PostgresJournal(url: place.url))
            let seen = Lines()
            let token = follower.observe(nil) { seen.append("\($0.sequence!)") }
            let following = try follower.journal.follow(pollInterval: .milliseconds(20))
            try poster.post("before")
            try place.waitUntil { seen.all == ["1"] }
            try place.terminateSessions()
            // The follower has seen its session end once it has connected again.
            try place.waitUntil { place.warnings.all.contains("reconnected to the journal") }
            for _ in 0..<3 { try poster.post("after") }
            try place.waitUntil { seen.all.count == 4 }
            #expect(seen.all == ["1", "2", "3", "4"])
            #expect(place.warnings.all.contains("reconnected to the journal"))
            following.cancel()
            withExtendedLifetime(token) {}
        }

        @Test(arguments: PostgresTestServer.available)
        func aSubscriberWhoseClaimSessionEndsClaimsAgainAndGoesOnFromItsCursor(server: PostgresTestServer) throws {
            let place = try Place(server.url)
            let hub = try NoticeHub(
                journal: PostgresJournal(url: place.url, logger: place.logger), logger: place.logger)
            try hub.post("first")
            let seen = Lines(), failures = Lines()
            let subscription = try hub.journal.subscribe(
                as: "indexer", pollInterval: .milliseconds(20), onFailure: { failures.append("\($0)") }
            ) { seen.append("\($0.sequence!)") }
            try place.waitUntil { seen.all == ["1"] }
            // Its cursor saved: a claim lost before that delivers #1 again.
            try place.waitUntil {
                (try? hub.journal.statistics().subscribers.first { $0.name == "indexer" }?.cursor) == 1
            }
            try place.terminateSessions()
            try place.waitUntil { place.warnings.all.contains("a durable subscriber claimed its name again") }
            #expect(place.warnings.all.contains("a durable subscriber lost its claim; it claims its name again"))
            try hub.post("second")
            try place.waitUntil { seen.all.count == 2 }
            #expect(seen.all == ["1", "2"])
            #expect(failures.all.isEmpty)
            // It holds the name again: another subscriber of it is refused.
            #expect(throws: JournalError.subscriberBusy("indexer")) {
                try hub.journal.subscribe(as: "indexer") { _ in }
            }
            subscription.cancel()
        }

        /// A statement the server does not answer in time costs the session,
        /// not the thread: the wait ends, and the next statement connects anew.
        @Test(arguments: PostgresTestServer.available)
        func aStatementWithoutAnAnswerGivesTheSessionUp(server: PostgresTestServer) throws {
            let session = try PostgresSession(
                PostgresSettings(url: PostgresURL(server.url), answerTimeout: .milliseconds(300)))
            // The server's sleep is a statement slower than the answer timeout.
            let slow = "SELECT pg_sleep(5)"
            let started = ContinuousClock.now
            #expect {
                try session.query(slow)
            } throws: { error in
                "\(error)".hasSuffix("no answer within 300 ms to \(slow) …") && !"\(error)".contains("\n")
            }
            #expect(started.duration(to: .now) < .seconds(3))
            #expect(try session.script("SELECT 1").count == 1, "the next statement has a new session")
        }

        /// A schema of the test server, its warnings, and a way to end the
        /// sessions of its journals (named after the schema), and no others.
        /// One thread at a time uses it (its admin session is not shared).
        final class Place: @unchecked Sendable {
            let url: String
            let warnings = Lines()
            let logger: Logger
            private let admin: PostgresSession
            private let schema: String

            init(_ server: String) throws {
                schema = "loss_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
                url = server + "?schema=" + schema + "&application_name=" + schema
                let warnings = warnings
                logger = Logger(label: "test") { _ in WarningCollector(warnings) }
                admin = try PostgresSession(PostgresSettings(url: PostgresURL(server)))
            }

            deinit {
                _ = try? admin.script("DROP SCHEMA IF EXISTS \(schema) CASCADE")
            }

            func terminateSessions() throws {
                try admin.query(
                    """
                    SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                    WHERE datname = current_database() AND usename = current_user AND pid <> pg_backend_pid()
                      AND application_name = '\(schema)'
                    """)
            }

            /// The place's URL, with its sessions named `applicationName`.
            func url(applicationName: String) -> String {
                url.replacingOccurrences(of: "application_name=" + schema, with: "application_name=" + applicationName)
            }

            /// The server sessions of the place's schema's database by
            /// application name, but the administrator's own.
            func sessionsByApplication() throws -> [String: Int] {
                var counts: [String: Int] = [:]
                for row in try admin.query(
                    """
                    SELECT application_name, count(*)::int8 FROM pg_stat_activity
                    WHERE datname = current_database() AND pid <> pg_backend_pid() GROUP BY application_name
                    """
                ).rows {
                    let (name, count) = try row.decode((String, Int64).self)
                    counts[name] = Int(count)
                }
                return counts
            }

            func waitUntil(_ condition: () -> Bool) throws {
                guard eventually(timeout: .seconds(30), condition) else { throw TimedOut() }
            }
        }

        struct TimedOut: Error {}
    }

    /// Lines from any thread.
    final class Lines: Sendable {
        private let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.locked { $0.append(line) } }
        var all: [String] { lines.locked { $0 } }
    }

    /// Keeps the messages logged at warning level or above.
    struct WarningCollector: LogHandler {
        private let warnings: Lines
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .warning

        init(_ warnings: Lines) {
            self.warnings = warnings
        }

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            if event.level >= .warning { warnings.append("\(event.message)") }
        }
    }
#endif
