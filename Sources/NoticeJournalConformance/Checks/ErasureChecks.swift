import Foundation
import NoticeHub
import Testing

/// Erasure of one key: the notices whose payloads carry it are deleted,
/// their numbers recorded as erased so that the journal's check tells them
/// from rows deleted behind its back, and the projections that handled
/// them rebuilt without them, in one transaction.
struct ErasureChecks {
    /// Counts each user's visits, from `visit.logged` payloads.
    struct Visits: Projection {
        struct Visit: Codable {
            var user: String
            var page: String
        }

        var schema: ProjectionSchema {
            ProjectionSchema(
                identity: "test.visits", version: 1, tables: ["visits"],
                migrations: [
                    ProjectionMigration(
                        1, "visits", sql: "CREATE TABLE visits (user_name TEXT PRIMARY KEY, count INTEGER NOT NULL)")
                ])
        }

        let names: Set<NoticeName> = ["visit.logged"]

        func apply(_ notice: Notice, to store: any ProjectionStore) throws {
            let visit = try notice.decode(Visit.self)
            try store.upsert(
                into: "visits", values: ["user_name": .text(visit.user), "count": .integer(1)],
                conflictKey: ["user_name"], adding: ["count"])
        }

        static func counts(_ hub: NoticeHub) throws -> [String: Int64] {
            try hub.journal.readState { store in
                var counts: [String: Int64] = [:]
                try store.rows("SELECT user_name, count FROM visits", []) {
                    counts[$0[0].text ?? ""] = $0[1].integer
                }
                return counts
            }
        }
    }

    /// Posts the journal the checks erase from, #1-#11: visits and orders
    /// of alice, bob and user 42, and notes whose payloads hold alice
    /// where no key is (nested, in an array, under another field, the
    /// whole payload).
    private static func populate(_ hub: NoticeHub) throws {
        try hub.post("visit.logged", payload: ["user": "alice", "page": "home"]) // #1
        try hub.post("visit.logged", payload: ["user": "bob", "page": "home"]) // #2
        try hub.post("order.placed", payload: ["user": "alice", "item": "tea"]) // #3
        try hub.post("visit.logged", payload: ["user": "alice", "page": "cart"]) // #4
        try hub.post("note.written", payload: ["user": ["name": "alice"]]) // #5
        try hub.post("note.written", payload: ["user": ["alice"]]) // #6
        try hub.post("note.written", payload: ["owner": "alice"]) // #7
        try hub.post("note.written", payload: "alice") // #8
        try hub.post("order.placed", payload: ["user": 42]) // #9
        try hub.post("order.placed", payload: ["user": "42"]) // #10
        try hub.post("visit.logged", payload: ["user": "bob", "page": "cart"]) // #11
    }

    private static func sequences(_ hub: NoticeHub) throws -> [Int64] {
        var found: [Int64] = []
        try hub.journal.read(JournalQuery()) {
            found.append($0.sequence ?? 0)
            return true
        }
        return found
    }

    func theNoticesOfAKeyAreErasedAndTheJournalChecksSound(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let withProjection = backend.capabilities.contains(.projections)
        let hub = try place.hub(projections: withProjection ? [Visits()] : [])
        try Self.populate(hub)
        if withProjection { #expect(try Visits.counts(hub) == ["alice": 2, "bob": 2]) }

        // Of the visits only: alice's order stays.
        let alice = ErasureKey(field: "user", value: "alice")
        let visits = try hub.journal.erase(alice, names: "visit.*")
        #expect(visits.erasedByName == ["visit.logged": 2])
        #expect(visits.rebuiltProjections == (withProjection ? ["test.visits"] : []))
        #expect(try Self.sequences(hub) == [2, 3, 5, 6, 7, 8, 9, 10, 11])
        if withProjection { #expect(try Visits.counts(hub) == ["bob": 2], "the state no longer counts alice") }

        // Every name; nested values, arrays, other fields and bare payloads never match.
        let everywhere = try hub.journal.erase(alice)
        #expect(everywhere == ErasureOutcome(erasedByName: ["order.placed": 1], rebuiltProjections: []))
        #expect(everywhere.erased == 1)
        #expect(try Self.sequences(hub) == [2, 5, 6, 7, 8, 9, 10, 11])
        #expect(try hub.journal.erase(alice).erased == 0, "nothing left to erase")
        #expect(
            try hub.journal.erase(ErasureKey(field: "user.name", value: "alice")).erased == 0,
            "a dot is part of the member's name, not a path into #5's object")

        // A number written as one matches the number and the string.
        #expect(try hub.journal.erase(ErasureKey(field: "user", value: "42")).erasedByName == ["order.placed": 2])
        #expect(try Self.sequences(hub) == [2, 5, 6, 7, 8, 11])

        // The holes are erasures: the check finds nothing and counts them.
        let checked = try hub.journal.malformedRows()
        #expect(checked.isEmpty, "\(checked)")
        #expect(checked.erased == 5)
        let verified = try hub.journal.verify()
        #expect(verified.isSound, "\(verified)")
        #expect(verified.malformedRows?.erased == 5)
        let statistics = try hub.journal.statistics()
        #expect(statistics.notices == 6)
        #expect(!statistics.byName.contains { $0.name == "order.placed" }, "none of that name is left")
        #expect(statistics.lastSequence == 11)
        #expect(try hub.post("visit.logged", payload: ["user": "bob", "page": "faq"]).sequence == 12)
        #expect(try hub.journal.malformedRows(after: 11).isEmpty, "numbers are never used again")

        // What an export reads holds none of them.
        var exported: [String] = []
        try hub.journal.read(JournalQuery()) {
            exported.append(try NoticeLine.encode($0))
            return true
        }
        #expect(exported.count == 7)
        #expect(!exported.contains { $0.contains(#""user":"alice""#) || $0.contains(#""user":42"#) })

        // A trim forgets the erased numbers it leaves behind, and the journal checks sound.
        guard backend.capabilities.contains(.trimming) else { return }
        #expect(try hub.journal.trim(through: 6).removed == 3, "#2, #5 and #6")
        let trimmed = try hub.journal.verify()
        #expect(trimmed.isSound, "\(trimmed)")
        #expect(trimmed.malformedRows?.erased == 2, "#9 and #10; #1, #3 and #4 were below the trim")

        if backend.capabilities.contains(.behindTheBackSQL) {
            try place.runSQL("DELETE FROM notices WHERE seq = 8")
            let tampered = try hub.journal.malformedRows()
            #expect(tampered.gaps == [8...8], "only the row deleted behind its back is a gap")
            #expect(tampered.erased == 2)
        }
    }

    func anErasureThatCannotBeDoneChangesNothing(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let withProjection = backend.capabilities.contains(.projections)
        let hub = try place.hub(projections: withProjection ? [Visits()] : [])
        try Self.populate(hub)
        try hub.post("visit.logged", payload: ["user": "alice", "page": "faq"]) // #12, the last
        let before = try Self.sequences(hub)
        let counted = try hub.journal.statistics()

        for field in ["", String(repeating: "f", count: 257), "us\"er", "us\\er", "us\ner"] {
            #expect(throws: JournalError.self) { try hub.journal.erase(ErasureKey(field: field, value: "alice")) }
        }
        // The journal keeps its last notice, so that its number is never used again.
        #expect {
            try hub.journal.erase(ErasureKey(field: "user", value: "alice"))
        } throws: { error in
            (error as? JournalError)?.code == .erasureRefused && "\(error)".contains("last notice, #12")
        }
        if withProjection {
            // A hub that does not carry the projection cannot rebuild it.
            #expect {
                try place.hub().journal.erase(ErasureKey(field: "user", value: "bob"))
            } throws: { error in
                "\(error)".contains(#"projection "test.visits" handles notices named visit.logged"#)
            }
            #expect(try Visits.counts(hub) == ["alice": 3, "bob": 2])
        }
        #expect(try Self.sequences(hub) == before)
        #expect(try hub.journal.statistics().notices == counted.notices)
        #expect(try hub.journal.malformedRows().erased == 0)

        // Once another notice follows, it goes.
        try hub.post("order.placed", payload: ["user": "bob", "item": "tea"])
        #expect(try hub.journal.erase(ErasureKey(field: "user", value: "alice")).erased == 4)

        // The notices of a name among many, found by the index on names (the
        // SQLite journal's way when the names hold under a quarter of the notices).
        for index in 1...12 { try hub.post("tick.counted", payload: ["user": "bob", "n": "\(index)"]) }
        try hub.post("order.placed", payload: ["user": "carol", "item": "tea"])
        let bob = ErasureKey(field: "user", value: "bob")
        #expect(try hub.journal.erase(bob, names: "order.placed").erasedByName == ["order.placed": 1], "#13")
        #expect(try hub.journal.statistics().byName.first { $0.name == "tick.counted" }?.count == 12)
        let checked = try hub.journal.malformedRows()
        #expect(checked.isEmpty && checked.erased == 5, "\(checked)")
    }
}
