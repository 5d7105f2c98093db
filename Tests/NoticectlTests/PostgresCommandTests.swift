import Foundation
import NoticeHub
@testable import NoticeHubPostgres
import Testing
import TestSupport

/// `--db postgres://…`: every journal command on a real server, and the
/// one-line errors for what keeps one from it. Without the `Postgres`
/// trait, noticectl says how to build it instead.
struct PostgresCommandTests {
    #if Postgres
        @Test(arguments: PostgresTestServer.available)
        func theNewsAppRunsOnAServerAndItsExportImportsIntoAFile(server: PostgresTestServer) throws {
            let schema = try Schema(server.url)
            let directory = TemporaryDirectory()
            let cli = Self.runner(in: directory, ["NOTICEHUB_DB": schema.url])
            #expect(try cli("init") == .success("schema version \(PostgresJournal.schemaVersion)\n"))
            #expect(try cli("news", "publish", "1", "News1") == .success("1\n"))
            #expect(try cli("news", "like", "1", "--user", "alice") == .success("2\n"))
            #expect(
                try cli("news", "like", "1", "--user", "alice")
                    == .failure("news.liked refused: alice already likes news 1"))
            #expect(try cli("news", "feed", "--json") == .success(#"{"id":1,"title":"News1","likes":1}"# + "\n"))
            #expect(try cli("verify").status == 0)
            let tail = try cli("tail", "--json")
            #expect(tail.lines.count == 2 && tail.lines[1].contains(#""name":"news.liked""#))
            let export = try cli("export")
            try directory.write(export.stdout, to: "backup.jsonl")
            #expect(try cli("import", "backup.jsonl", "--db", directory.path("copy.sqlite")).status == 0)
            #expect(try cli("export", "--db", directory.path("copy.sqlite")).stdout == export.stdout)
            let stats = try cli("stats")
            #expect(stats.stdout.contains("notices: 2") && !stats.stdout.contains(schema.password))
        }

        @Test(arguments: PostgresTestServer.available)
        func aUsersNoticesAreErasedOnAServerAndLeaveNoTraceInExportsAndArchives(server: PostgresTestServer) throws {
            let schema = try Schema(server.url)
            let directory = TemporaryDirectory()
            let cli = Self.runner(in: directory, ["NOTICEHUB_DB": schema.url])
            try cli("news", "publish", "1", "One")
            try cli("news", "like", "1", "--user", "alice")
            try cli("news", "like", "1", "--user", "bob")
            #expect(
                try cli("erase", "--key", "user=alice", "--names", "news.*")
                    == .success("erased 1 notice named news.liked\nrebuilt projection news.likes without them\n"))
            #expect(try cli("news", "feed", "--json") == .success(#"{"id":1,"title":"One","likes":1}"# + "\n"))
            #expect(
                try cli("verify")
                    == .success(
                        "1 sequence number erased on purpose (erase), not missing\n"
                            + "ok: state agrees with the journal (2 notices)\n"))
            #expect(!(try cli("export").stdout.contains("alice")))
            #expect(
                try cli("archive", "--through", "2", "--to", "old.jsonl.gz")
                    == .success("archived 1 notice (#1-#2) and the state of 1 projection to old.jsonl.gz\n"))
            #expect(!(try Gzip.text(of: directory.path("old.jsonl.gz")).contains("alice")))
        }

        @Test(arguments: PostgresTestServer.available)
        func thePasswordMayComeFromTheEnvironmentAndIsNeverPrinted(server: PostgresTestServer) throws {
            let schema = try Schema(server.url)
            var withoutPassword = try PostgresURL(schema.url)
            withoutPassword.password = nil
            let cli = Self.runner(in: TemporaryDirectory(), ["PGPASSWORD": schema.password])
            #expect(try cli("post", "hello", "--db", withoutPassword.description).status == 0)

            var wrong = try PostgresURL(schema.url)
            wrong.password = "not-the-password-42"
            let refused = try NoticectlRunner(in: TemporaryDirectory())("post", "x", "--db", Self.text(of: wrong))
            #expect(refused.status == 1 && refused.stdout.isEmpty)
            #expect(refused.stderr.hasPrefix("error: cannot open \(wrong.description): authentication failed for user"))
            #expect(!refused.stderr.contains("not-the-password-42") && refused.stderr.split(separator: "\n").count == 1)
            #expect(
                try cli("stats", "--db", withoutPassword.description).stdout.contains("notices: 1"),
                "the refused post wrote nothing")
        }

        @Test(arguments: PostgresTestServer.available)
        func anotherApplicationsSchemaIsRefusedUntilInitAdoptsIt(server: PostgresTestServer) throws {
            let schema = try Schema(server.url)
            try schema.run("CREATE TABLE orders (id integer PRIMARY KEY)")
            let cli = Self.runner(in: TemporaryDirectory(), ["NOTICEHUB_DB": schema.url])
            let shown = try PostgresURL(schema.url).description
            #expect(
                try cli("post", "x")
                    == .failure(
                        "\(shown) holds tables of another application (orders); run `noticectl init` to adopt it"))
            #expect(try cli("stats").status == 1)
            #expect(try cli("init").status == 0)
            #expect(try cli("post", "x") == .success("1\n"))
        }

        @Test(arguments: PostgresTestServer.available)
        func aDurableSubscriberPrintsFromItsCursorAndHoldsItsName(server: PostgresTestServer) throws {
            let schema = try Schema(server.url)
            let cli = Self.runner(in: TemporaryDirectory(), ["NOTICEHUB_DB": schema.url])
            for name in ["a", "b", "a"] { try cli("post", name) }
            let first = try cli.start("subscribe", "indexer", "--name", "a")
            #expect(first.waitForLines(2))
            #expect(
                try cli("subscribe", "indexer")
                    == .failure(
                        #"durable subscriber "indexer" is already running, in this process or another"#))
            first.send(SIGINT)
            #expect(first.waitForExit()?.status == 0)
            try cli("post", "a")
            let second = try cli.start("subscribe", "indexer", "--name", "a")
            #expect(second.waitForLines(1))
            second.send(SIGINT)
            #expect(second.waitForExit()?.status == 0)
            #expect(first.lines.map { $0.split(separator: " ")[0] } == ["1", "3"])
            #expect(second.lines.map { $0.split(separator: " ")[0] } == ["4"])
        }

        /// No server listens on port 1 of the loopback address.
        @Test func anUnreachableServerIsOneLineAndNoFileAppears() throws {
            let directory = TemporaryDirectory()
            let outcome = try NoticectlRunner(in: directory)(
                "post", "x", "--db", "postgres://app:pw-77@127.0.0.1:1/app")
            #expect(outcome.status == 1 && outcome.stdout.isEmpty)
            #expect(
                outcome.stderr.hasPrefix(
                    "error: cannot open postgres://app@127.0.0.1:1/app: cannot connect to 127.0.0.1:1"))
            #expect(!outcome.stderr.contains("pw-77") && outcome.stderr.split(separator: "\n").count == 1)
            #expect(try directory.listing() == [])
        }

        @Test(arguments: PostgresTestServer.available)
        func aMissingDatabaseIsNamed(server: PostgresTestServer) throws {
            var url = try PostgresURL(server.url)
            url.database = "no_such_database"
            let outcome = try NoticectlRunner(in: TemporaryDirectory())("stats", "--db", Self.text(of: url))
            #expect(outcome == .failure("cannot open \(url.description): database no_such_database does not exist"))
        }

        private static func runner(in directory: TemporaryDirectory, _ environment: [String: String]) -> NoticectlRunner
        {
            var runner = NoticectlRunner(in: directory)
            runner.environment = environment
            return runner
        }

        private static func text(of url: PostgresURL) -> String {
            "postgres://\(url.user):\(url.password ?? "")@\(url.host):\(url.port)/\(url.database)"
                + (url.schema.map { "?schema=\($0)" } ?? "")
        }

        /// A schema of the test server for one test, dropped afterwards.
        final class Schema {
            let url: String
            let password: String
            private let session: PostgresSession
            private let name: String

            init(_ server: String) throws {
                name = "cli_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
                var parsed = try PostgresURL(server)
                password = parsed.password ?? ""
                parsed.schema = name
                url = PostgresCommandTests.text(of: parsed)
                session = try PostgresSession(PostgresSettings(url: try PostgresURL(server)))
            }

            func run(_ sql: String) throws {
                try session.script("CREATE SCHEMA IF NOT EXISTS \"\(name)\"; SET search_path TO \"\(name)\"; \(sql)")
            }

            deinit {
                _ = try? session.script("DROP SCHEMA IF EXISTS \"\(name)\" CASCADE")
            }
        }
    #else
        @Test func withoutTheTraitItSaysHowToBuildWithPostgreSQL() throws {
            let cli = NoticectlRunner(in: TemporaryDirectory())
            #expect(
                try cli("stats", "--db", "postgres://app:secret@db.internal/app")
                    == .failure(
                        "this noticectl was built without PostgreSQL support; build it with `swift build -c release --traits Postgres`"
                    ))
        }
    #endif

    @Test(arguments: [
        (
            "postgres://db.internal/app",
            "invalid PostgreSQL URL: the URL names no user (postgres://user@host/database), nor does $PGUSER"
        ),
        (
            "postgres://app:pw@db.internal:99999/app",
            "invalid PostgreSQL URL: the port must be a number from 1 to 65535"
        ),
        (
            "postgres://app:pw@db.internal/app?sslmode=maybe",
            "invalid PostgreSQL URL: sslmode must be one of disable, allow, prefer, require, verify-ca, verify-full, not maybe"
        ),
    ])
    func aBadURLIsOneLineWithoutItsPassword(url: String, message: String) throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        let outcome = try cli("stats", "--db", url)
        #if Postgres
            #expect(outcome == .failure(message))
        #else
            #expect(outcome.status == 1 && outcome.stderr.contains("without PostgreSQL support"))
        #endif
        #expect(!outcome.stderr.contains(":pw@"))
    }
}
