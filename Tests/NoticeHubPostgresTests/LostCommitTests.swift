#if Postgres
    import Foundation
    @testable import NoticeHubCore
    @testable import NoticeHubSQLite
    @testable import NoticeHubPostgres
    import Synchronization
    import Testing
    import TestSupport

    /// Durable posts whose server sessions end under them, before, during or
    /// after their commits (`pg_terminate_backend`, as an administrator or a
    /// restart would): the writer tries again on a new session with the same
    /// notice ids, so every post returns, and the journal holds each notice
    /// once, with its projection's state applied once.
    struct LostCommitTests {
        typealias Place = SessionLossTests.Place

        @Test(arguments: PostgresTestServer.available)
        func aPostRightAfterItsSessionEndedIsJournaled(server: PostgresTestServer) throws {
            let place = try Place(server.url)
            let hub = try NoticeHub(
                journal: PostgresJournal(url: place.url, logger: place.logger), logger: place.logger)
            try hub.post("before")
            try place.terminateSessions()
            let after = try hub.post("after")
            #expect(after.sequence == 2)
            #expect(try Self.stored(hub).map(\.name) == ["before", "after"])
            // The loss is told at warning level: by the writer when the commit
            // met it, by the session when it reconnected before the commit.
            let told = [
                "a commit lost its connection; trying again with the same notices", "reconnected to the journal",
            ]
            #expect(place.warnings.all.contains { told.contains($0) })
        }

        @Test(arguments: PostgresTestServer.available)
        func postsWhoseSessionsEndMidCommitAreJournaledOnceEach(server: PostgresTestServer) throws {
            let place = try Place(server.url)
            // Plain notices go in one statement that commits by itself; those
            // a projection handles, in a transaction the writer commits.
            let hub = try NoticeHub(
                journal: PostgresJournal(url: place.url, logger: place.logger), projections: [PageCounts()],
                logger: place.logger)
            let posters = 4, perPoster = 150
            let failures = Lines()
            let postersDone = Atomic<Int>(0)
            let endingStopped = DispatchSemaphore(value: 0)
            let ending = Thread { [place] in
                while postersDone.load(ordering: .relaxed) < posters {
                    try? place.terminateSessions()
                    // The sleep is the pace at which sessions end under the posts.
                    Thread.sleep(forTimeInterval: 0.05)
                }
                endingStopped.signal()
            }
            ending.start()
            DispatchQueue.concurrentPerform(iterations: posters) { poster in
                let sender = try! Sender(validating: "p\(poster)")
                for index in 0..<perPoster {
                    do {
                        if index % 2 == 0 {
                            try hub.post("page.viewed", sender: sender, payload: "page\(poster)")
                        } else {
                            try hub.post("plain", sender: sender, payload: index)
                        }
                    } catch {
                        failures.append("\(error)")
                    }
                }
                postersDone.add(1, ordering: .relaxed)
            }
            endingStopped.wait()
            #expect(failures.all == [])
            let stored = try Self.stored(hub)
            #expect(stored.count == posters * perPoster)
            #expect(stored.map(\.sequence) == (1...Int64(posters * perPoster)).map { $0 })
            #expect(Set(stored.map(\.id)).count == stored.count)
            let counts = try PageCounts.counts(hub)
            #expect(
                counts == Dictionary(uniqueKeysWithValues: (0..<posters).map { ("page\($0)", Int64(perPoster / 2)) }))
            #expect(place.warnings.all.contains("reconnected to the journal"), "sessions were ended under the posts")
            #expect(
                place.warnings.all.contains("a commit lost its connection; trying again with the same notices"),
                "the writer tells each commit it tries again")
        }

        @Test(arguments: PostgresTestServer.available)
        func aNoticePostedAgainIsStoredOnceAndDeliveredOnce(server: PostgresTestServer) throws {
            let place = try Place(server.url)
            let hub = try NoticeHub(journal: PostgresJournal(url: place.url, logger: place.logger))
            let seen = Lines()
            let token = hub.observe("invoice.sent") { seen.append("\($0.id)") }
            let first = try hub.post("invoice.sent")
            let again = try hub.post(first)
            #expect(again.sequence == first.sequence)
            #expect(seen.all == ["\(first.id)"])
            #expect(try Self.stored(hub).count == 1)
            withExtendedLifetime(token) {}
        }

        static func stored(_ hub: NoticeHub) throws -> [Notice] {
            var notices: [Notice] = []
            try hub.journal.read(JournalQuery()) {
                notices.append($0)
                return true
            }
            return notices
        }

        /// Counts views per page.
        struct PageCounts: Projection {
            let schema = ProjectionSchema(
                identity: "test.page-counts", tables: ["page_counts"],
                migrations: [
                    ProjectionMigration(
                        1, "page_counts",
                        sql: "CREATE TABLE page_counts (page TEXT PRIMARY KEY, count INTEGER NOT NULL)")
                ])
            let names: Set<NoticeName> = ["page.viewed"]

            func apply(_ notice: Notice, to store: any ProjectionStore) throws {
                try store.upsert(
                    into: "page_counts", values: ["page": .text(try notice.decode(String.self)), "count": .integer(1)],
                    conflictKey: ["page"], adding: ["count"])
            }

            static func counts(_ hub: NoticeHub) throws -> [String: Int64] {
                try hub.journal.readState { store in
                    var counts: [String: Int64] = [:]
                    try store.rows("SELECT page, count FROM page_counts", []) {
                        counts[$0[0].text ?? ""] = $0[1].integer
                    }
                    return counts
                }
            }
        }
    }
#endif
