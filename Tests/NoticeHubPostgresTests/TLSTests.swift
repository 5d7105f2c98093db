#if Postgres
    import Foundation
    @testable import NoticeHubCore
    @testable import NoticeHubSQLite
    @testable import NoticeHubPostgres
    import Testing
    import TestSupport

    /// Connections encrypted as the URL's `sslmode` asks, against the test
    /// server's certificate (signed by an authority `scripts/pg-test-server`
    /// makes for the run, naming localhost and 127.0.0.1).
    struct TLSTests {
        /// Whether the session's own connection is encrypted, as the server sees it.
        private func isEncrypted(_ url: String) throws -> Bool {
            let session = try PostgresSession(PostgresSettings(url: PostgresURL(url)))
            defer { session.close() }
            return try session.script("SELECT 1 FROM pg_stat_ssl WHERE pid = pg_backend_pid() AND ssl").count == 1
        }

        @Test(arguments: PostgresTestServer.available)
        func eachModeEncryptsAsLibpqsDoes(server: PostgresTestServer) throws {
            let roots = try #require(server.rootCertificate, "pg-test-server exports the authority's certificate")
            #expect(try !isEncrypted(server.url + "?sslmode=disable"))
            #expect(try isEncrypted(server.url + "?sslmode=prefer"))
            #expect(try isEncrypted(server.url + "?sslmode=require"))
            #expect(try isEncrypted(server.url + "?sslmode=verify-ca&sslrootcert=" + roots))
            #expect(try isEncrypted(server.url + "?sslmode=verify-full&sslrootcert=" + roots))
        }

        /// A journal over a verified connection works as over any other.
        @Test(arguments: PostgresTestServer.available)
        func aJournalOverVerifiedTLSPostsAndReads(server: PostgresTestServer) throws {
            let roots = try #require(server.rootCertificate)
            let schema = "tls_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
            let url = server.url + "?schema=\(schema)&sslmode=verify-full&sslrootcert=" + roots
            defer {
                _ = try? PostgresSession(PostgresSettings(url: PostgresURL(server.url))).script(
                    "DROP SCHEMA \(schema) CASCADE")
            }
            let hub = try NoticeHub(journal: PostgresJournal(url: url))
            try hub.post("over.tls", sender: "test")
            var names: [String] = []
            try hub.journal.read(JournalQuery()) {
                names.append($0.name.rawValue)
                return true
            }
            #expect(names == ["over.tls"])
        }

        /// A certificate the roots do not vouch for, or one that names
        /// another host, is refused in one line that names the URL without
        /// its password.
        @Test(arguments: PostgresTestServer.available)
        func anUnverifiedServerIsRefused(server: PostgresTestServer) throws {
            let roots = try #require(server.rootCertificate)
            let other = try #require(server.otherRootCertificate)
            let password = try #require(PostgresURL(server.url).password)
            for url in [
                server.url + "?sslmode=verify-ca&sslrootcert=" + other,
                // The certificate names localhost and 127.0.0.1, not 127.0.0.2.
                server.url.replacingOccurrences(of: "@127.0.0.1:", with: "@127.0.0.2:")
                    + "?sslmode=verify-full&sslrootcert=" + roots,
            ] {
                #expect {
                    try PostgresJournal(url: url)
                } throws: { error in
                    let text = "\(error)"
                    return text.contains("certificate") && !text.contains("\n") && !text.contains(password)
                }
            }
            #expect(throws: JournalError.self) {
                try PostgresJournal(url: server.url + "?sslmode=verify-full&sslrootcert=/nonexistent/ca.crt")
            }
        }
    }
#endif
