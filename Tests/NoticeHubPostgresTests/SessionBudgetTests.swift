#if Postgres
    import Foundation
    import NoticeHub
    import NoticeHubPostgres
    import Synchronization
    import Testing
    import TestSupport

    /// A journal object holds at most its `pool_max_conns` server sessions,
    /// whatever runs on it, and runs everything within them: counted in
    /// `pg_stat_activity` by each object's `application_name`, with
    /// everything a process runs at once. The station's two claims and its
    /// listener own three of its four; the phone's listener one of its two,
    /// so that all its statements take turns on the other.
    struct SessionBudgetTests {
        struct City: Codable, Sendable { let name: String }
        struct Weather: Codable, Sendable { let celsius: Int }

        @Test(arguments: PostgresTestServer.available)
        func aJournalObjectRunsEverythingWithinItsCap(server: PostgresTestServer) async throws {
            let place = try SessionLossTests.Place(server.url)
            let station = try NoticeHub(
                journal: PostgresJournal(url: place.url(applicationName: "station") + "&pool_max_conns=4"))
            let phone = try NoticeHub(
                journal: PostgresJournal(url: place.url(applicationName: "phone") + "&pool_max_conns=2"))
            let answering = try station.respondAcrossProcesses(to: "weather.now", as: "station") { _ in
                Weather(celsius: 12)
            }
            let followed = Mutex(0)
            let following = try station.journal.follow(pollInterval: .milliseconds(20))
            let token = station.observe("page") { _ in followed.locked { $0 += 1 } }
            let indexed = Mutex(0)
            let indexing = try station.journal.subscribe(as: "indexer", pollInterval: .milliseconds(20)) { _ in
                indexed.locked { $0 += 1 }
            }
            let phoneFollowing = try phone.journal.follow(pollInterval: .milliseconds(20))
            for _ in 0..<20 { try phone.post("page") }
            let answer = try await phone.collectAcrossProcesses(
                "weather.now", payload: City(name: "Lyon"), from: "phone", as: Weather.self,
                timeout: .seconds(30))
            #expect(answer.replies.map { $0.value?.celsius } == [12])
            try place.waitUntil { followed.locked { $0 } == 20 && indexed.locked { $0 } >= 20 }

            let sessions = try place.sessionsByApplication()
            #expect(sessions["station"] ?? 0 <= 4, "the responder, a follower, a durable subscriber, the posts")
            #expect(sessions["phone"] ?? 0 <= 2, "the request, a follower, the posts")

            answering.cancel()
            following.cancel()
            indexing.cancel()
            phoneFollowing.cancel()
            withExtendedLifetime(token) {}
        }
    }
#endif
