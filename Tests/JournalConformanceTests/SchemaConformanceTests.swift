import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
import NoticeJournalConformance
import Testing

/// Opening a journal: created and migrated once, refused when the place
/// holds another application's tables or nothing (for readers).
struct SchemaConformanceTests {
    @Test(arguments: Backend.all)
    func readersRefuseAPlaceWithoutAJournalAndCreateNothing(backend: Backend) throws {
        let place = try backend.makePlace()
        #expect(throws: JournalError.missing(path: place.location)) { try place.open(creatingIfMissing: false) }
        _ = try place.open()
        let reader = try NoticeHub(journal: place.open(creatingIfMissing: false))
        #expect(try reader.journal.lastSequence() == 0)
    }

    @Test(arguments: Backend.all)
    func anotherApplicationsTablesAreRefusedAndLeftAlone(backend: Backend) throws {
        let place = try backend.makePlace()
        try place.runSQL("CREATE TABLE orders (id integer PRIMARY KEY)")
        #expect {
            try place.open()
        } throws: { error in
            let description = "\(error)"
            return description.contains("another application") && description.contains("orders")
                && !description.contains("\n")
        }
        try place.runSQL("INSERT INTO orders (id) VALUES (1)")
    }

    @Test(arguments: Backend.all)
    func reopeningMigratesNothingTwiceAndConcurrentOpensAgree(backend: Backend) throws {
        let place = try backend.makePlace()
        let group = DispatchGroup()
        let failures = Collected<String>()
        for _ in 0..<4 {
            group.enter()
            Thread {
                do { _ = try place.open() } catch { failures.append("\(error)") }
                group.leave()
            }.start()
        }
        group.wait()
        #expect(failures.elements == [])
        let hub = try place.hub()
        try hub.post("after")
        // SQLite's migrations run to 0017_erased_sequences, PostgreSQL's to 0015_erased_sequences.
        #expect(try hub.journal.statistics().schemaVersion == (backend.name == "SQLite" ? 17 : 15))
        #expect(try hub.journal.statistics().schemaVersion == backend.latestSchemaVersion)
        #expect(try hub.journal.integrityProblems() == [])
    }
}
