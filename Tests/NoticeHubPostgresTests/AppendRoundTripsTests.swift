#if Postgres
    import Foundation
    @testable import NoticeHub
    @testable import NoticeHubPostgres
    import Testing
    import TestSupport

    /// A durable post without projections, counted in round trips to the
    /// server rather than timed: one call that appends, commits and answers
    /// once the commit is on disk, with no second exchange to confirm it.
    struct AppendRoundTripsTests {
        @Test(arguments: PostgresTestServer.available)
        func aDurablePostWithoutProjectionsTakesOneRoundTrip(server: PostgresTestServer) throws {
            let place = try SessionLossTests.Place(server.url)
            // No announcements: their session would count its own round trips.
            let journal = try PostgresJournal(url: place.url + "&notify=off", logger: place.logger)
            let hub = try NoticeHub(journal: journal, durability: .always, logger: place.logger)
            // The first post reads the projection registry's generation too.
            try hub.post("page.viewed", payload: "home")
            let posts = 20
            let before = journal.roundTrips
            for index in 0..<posts { try hub.post("page.viewed", payload: "page\(index)") }
            #expect(journal.roundTrips - before == posts)
            #expect(try hub.journal.lastSequence() == Int64(posts + 1))
            #expect(try hub.journal.integrityProblems() == [])
        }

        /// A hub's first post reads the projection registry too, outside the
        /// transaction: its generation, the registry, then the one call that
        /// locks the head, appends and commits inside the server. In the
        /// transaction, the registry's read would take the head lock and hold
        /// it for three more round trips (the read, the insert, the commit),
        /// keeping every other poster of the journal waiting meanwhile.
        @Test(arguments: PostgresTestServer.available)
        func aHubsFirstDurablePostHoldsTheHeadLockOnlyInsideTheServer(server: PostgresTestServer) throws {
            let place = try SessionLossTests.Place(server.url)
            let journal = try PostgresJournal(url: place.url + "&notify=off", logger: place.logger)
            let hub = try NoticeHub(journal: journal, durability: .always, logger: place.logger)
            let before = journal.roundTrips
            try hub.post("page.viewed", payload: "home")
            #expect(journal.roundTrips - before == 3)
            #expect(try hub.journal.lastSequence() == 1)
        }
    }
#endif
