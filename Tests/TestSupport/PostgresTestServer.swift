import Foundation

/// The PostgreSQL server tests may use: `$NOTICEHUB_TEST_POSTGRES_URL`, as
/// `scripts/pg-test-server start` exports it. Tests take it as an argument,
/// so they run once with a server and not at all without one; it describes
/// itself without the URL, whose password must not reach test logs.
public struct PostgresTestServer: Sendable, CustomStringConvertible {
    public let url: String
    /// The PEM file of the authority that signed the server's certificate,
    /// and of one that did not (`scripts/pg-test-server` makes both).
    public let rootCertificate: String?
    public let otherRootCertificate: String?

    /// The server, when the environment names one.
    public static let available: [PostgresTestServer] =
        ProcessInfo.processInfo
        .environment["NOTICEHUB_TEST_POSTGRES_URL"].flatMap { url in
            guard !url.isEmpty else { return nil }
            let environment = ProcessInfo.processInfo.environment
            return [
                PostgresTestServer(
                    url: url, rootCertificate: environment["NOTICEHUB_TEST_POSTGRES_ROOTCERT"],
                    otherRootCertificate: environment["NOTICEHUB_TEST_POSTGRES_OTHER_ROOTCERT"])
            ]
        } ?? []

    public var description: String { "the PostgreSQL test server" }
}
