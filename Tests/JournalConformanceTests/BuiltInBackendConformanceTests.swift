import NoticeJournalConformance
import Testing

/// Every check of the shipped conformance suite, on each backend this
/// package has: SQLite always, PostgreSQL with the trait and a server.
struct BuiltInBackendConformanceTests {
    @Test(arguments: Backend.all, JournalConformance.checks)
    func conforms(backend: Backend, check: ConformanceCheck) async throws {
        guard check.applies(to: backend) else { return }
        try await check.run(on: backend)
    }

    /// An export of either backend imports into the other.
    @Test(arguments: Backend.all, Backend.all)
    func exportsOfOneBackendImportIntoAnother(from source: Backend, into target: Backend) throws {
        try JournalConformance.checkExport(from: source, into: target)
    }
}

/// The conformance suite reads what a backend can do from the protocols it
/// adopts, so a check is left out only for what the backend lacks.
struct BackendCapabilityTests {
    @Test func sqliteAdoptsEverythingButRenewedClaimsAndCommitAnnouncements() {
        #expect(
            Backend.sqlite.capabilities
                == [
                    .projections, .behindTheBackSQL, .durableCommitsTakeTime, .trimming, .retentionByName, .requests,
                    .parking, .cursorResets, .groups, .erasure,
                ])
    }
}
