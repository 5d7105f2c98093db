#if Postgres
    import Foundation
    @testable import NoticeHubCore
    @testable import NoticeHubSQLite
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

        /// A commit holding a request notifies followers in the call that
        /// commits it, where the announcer would send a `NOTIFY` of its own
        /// afterwards: a round trip on the requester's side of every request,
        /// and one on the responder's for every reply.
        @Test(arguments: PostgresTestServer.available)
        func aRequestsCommitAnnouncesItselfInTheCallThatCommitsIt(server: PostgresTestServer) throws {
            let place = try SessionLossTests.Place(server.url)
            let journal = try PostgresJournal(url: place.url, logger: place.logger)
            let hub = try NoticeHub(journal: journal, durability: .always, logger: place.logger)
            // The first post reads the registry; the announcer announces it,
            // counting the round trip before the listener of another journal
            // object (with a count of its own) hears it. That listener wakes
            // its watcher once listening, then at each notification.
            let listener = try PostgresJournal(url: place.url, logger: place.logger)
            let woken = DispatchSemaphore(value: 0)
            let watch = try #require(listener.watchCommits { woken.signal() })
            defer { watch.cancel() }
            try #require(woken.wait(timeout: .now() + 60) == .success, "listening")
            try hub.post("page.viewed", payload: "home")
            try #require(woken.wait(timeout: .now() + 60) == .success, "the first post was announced")
            let before = journal.roundTrips
            let request = try hub.journalWithoutDelivery(
                Notice(
                    name: "weather.now", sender: "phone", payload: .json("{}"), kind: .request,
                    links: NoticeLinks(conversation: .next(), cause: nil)))
            // The sleep is time for an announcer's NOTIFY, which it would
            // send at once for a request: no event marks one not sent.
            Thread.sleep(forTimeInterval: 0.5)
            #expect(request.sequence == 2)
            #expect(journal.roundTrips - before == 1)
        }
    }
#endif
