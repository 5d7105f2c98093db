import Foundation
import NoticeHub
import Testing

/// Responders' claims on every backend: listed while they live, by any
/// journal object; gone once released or once their holder dies, whose
/// rows the next listing deletes.
struct ResponderClaimChecks {
    func liveClaimsAreListedUntilReleasedOrTheirHolderDies(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        // A backend with SQL state keeps a row per claim; its count is checked too.
        let rows: () throws -> Int64? = { backend.capabilities.contains(.projections) ? try Self.rows(in: place) : nil }
        let journal = try #require(try place.open() as? any ResponderClaimingJournal)
        // Other journal objects, as other processes would have: the one whose
        // holder dies below holds nothing else (a backend may keep every
        // claim of a journal object in one server session).
        let other = try #require(try place.open() as? any ResponderClaimingJournal)
        let mortal = try #require(try place.open() as? any ResponderClaimingJournal)
        #expect(try journal.liveResponders() == [])
        let alice = try journal.claimResponder("alice", answering: "price.ask")
        let bob = try other.claimResponder("bob", answering: "price.ask")
        let carol = try mortal.claimResponder("carol", answering: "stock.ask")

        let live = try journal.liveResponders()
        #expect(
            Set(live.map { "\($0.responder) \($0.name)" }) == ["alice price.ask", "bob price.ask", "carol stock.ask"])
        #expect(Set(live.map(\.key)).count == 3 && live.allSatisfy { $0.key > 0 })
        #expect(try other.liveResponders() == live)
        #expect(alice.isHeld && bob.isHeld && carol.isHeld)
        let keys = Dictionary(uniqueKeysWithValues: live.map { ($0.responder.rawValue, $0.key) })
        #expect(try journal.liveResponderKeys(among: Set(keys.values)) == Set(keys.values))
        #expect(try rows().map { $0 == 3 } ?? true)

        bob.release()
        bob.release()
        #expect(!bob.isHeld)
        #expect(try rows().map { $0 == 2 } ?? true, "a release deletes its row")
        #expect(try other.liveResponders().map(\.responder) == live.map(\.responder).filter { $0 != "bob" })

        try place.endResponder(carol)
        try waitUntil { !carol.isHeld }
        try waitUntil { (try? journal.liveResponderKeys(among: [keys["carol"]!])) == [] }
        #expect(try rows().map { $0 == 2 } ?? true, "a dead holder leaves its row")
        #expect(try journal.liveResponders() == live.filter { $0.responder == "alice" })
        #expect(try rows().map { $0 == 1 } ?? true, "listing deletes the rows of dead claims")

        let unknown = Set(keys.values).union([42])
        #expect(try other.liveResponderKeys(among: unknown) == [keys["alice"]!])
        #expect(try journal.liveResponderKeys(among: []) == [])
        alice.release()
        #expect(try journal.liveResponderKeys(among: unknown) == [])
        #expect(try journal.liveResponders() == [])
        #expect(try rows().map { $0 == 0 } ?? true)
    }

    /// Rows of the `responders` table, live or not.
    static func rows(in place: JournalPlace) throws -> Int64? {
        try #require(try place.open().connect(durability: .always) as? any ProjectionJournalConnection).readState {
            try $0.integer("SELECT count(*) FROM responders", [])
        }
    }
}
