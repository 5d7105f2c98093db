import Foundation

/// The PostgreSQL server tests may use: `$NOTICEHUB_TEST_POSTGRES_URL`, as
/// `scripts/pg-test-server start` exports it. Tests take it as an argument,
/// so they run once with a server and not at all without one; it describes
/// itself without the URL, whose password must not reach test logs.
public struct PostgresTestServer: Sendable, CustomStringConvertible {
    public let url: String

    /// The server, when the environment names one.
    public static let available: [PostgresTestServer] =
        ProcessInfo.processInfo
        .environment["NOTICEHUB_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : [PostgresTestServer(url: $0)] } ?? []

    public var description: String { "the PostgreSQL test server" }
}
