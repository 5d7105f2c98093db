import InMemoryJournal
import NoticeHub
import NoticeJournalConformance
import Testing

extension ConformanceBackend {
    /// A fresh storage per place; every journal object opened on the place is
    /// a new ``InMemoryJournal`` over it, as another process would be. Its
    /// commits are instant; the checks of what it does not adopt (projections,
    /// trims, SQL run behind the hub's back) are left out.
    static let inMemory = ConformanceBackend(name: "in memory", durableCommitsTakeTime: false) {
        let storage = InMemoryStorage(name: "conformance")
        return JournalPlace(location: storage.location, keeping: storage) { _ in
            InMemoryJournal(storage)
        } endResponder: { claim in
            guard let claim = claim as? InMemoryResponderClaim else { throw ForeignClaim() }
            claim.abandon()
        }
    }
}

/// A responder claim the in-memory journal did not make.
struct ForeignClaim: Error {}

@Test(arguments: JournalConformance.checks(for: .inMemory))
func conforms(to check: ConformanceCheck) async throws {
    try await check.run(on: .inMemory)
}
