#if Postgres
    import Foundation
    @testable import NoticeHubCore
    @testable import NoticeHubSQLite
    @testable import NoticeHubPostgres
    import Testing
    import TestSupport

    /// A durable post through a projection, counted in round trips to the
    /// server rather than timed: the transaction's opening with the head
    /// lock and the insert, one per statement of the projection's `apply`,
    /// and the commit. The notice is the transaction's only one, so it needs
    /// no savepoint: its statements are `BEGIN`, the lock, the insert, the
    /// projection's, the head's update and `COMMIT`.
    struct ProjectionRoundTripsTests {
        typealias PageCounts = LostCommitTests.PageCounts

        @Test(arguments: PostgresTestServer.available)
        func aDurablePostThroughAProjectionTakesThreeRoundTrips(server: PostgresTestServer) throws {
            let place = try SessionLossTests.Place(server.url)
            // No announcements: their session would count its own round trips.
            let journal = try PostgresJournal(url: place.url + "&notify=off", logger: place.logger)
            let hub = try NoticeHub(journal: journal, projections: [PageCounts()], logger: place.logger)
            try hub.post("page.viewed", payload: "home")
            let posts = 20
            let before = (roundTrips: journal.roundTrips, statements: journal.statements)
            for index in 0..<posts { try hub.post("page.viewed", payload: "page\(index % 3)") }
            let perPost = Double(journal.roundTrips - before.roundTrips) / Double(posts)
            #expect(perPost == 3, "\(perPost) round trips a post")
            let statements = Double(journal.statements - before.statements) / Double(posts)
            #expect(statements == 6, "\(statements) statements a post")
            #expect(try PageCounts.counts(hub) == ["home": 1, "page0": 7, "page1": 7, "page2": 6])
        }

        /// A refused notice rolls back its savepoint, opened in the insert's
        /// round trip, and the notices around it stand.
        @Test(arguments: PostgresTestServer.available)
        func aRefusedNoticeUndoesOnlyItsOwnPart(server: PostgresTestServer) throws {
            let place = try SessionLossTests.Place(server.url)
            let hub = try NoticeHub(
                journal: PostgresJournal(url: place.url, logger: place.logger),
                durability: .batched(maxDelay: .seconds(10)), projections: [PageCounts(), Refusing()],
                logger: place.logger)
            try hub.post("page.viewed", payload: "home")
            #expect(throws: JournalError.self) { try hub.post("page.viewed", payload: "refused") }
            try hub.post("page.viewed", payload: "home")
            try hub.journal.flush()
            #expect(try PageCounts.counts(hub) == ["home": 2])
            var sequences: [Int64] = []
            try hub.journal.read(JournalQuery()) {
                sequences.append($0.sequence ?? 0)
                return true
            }
            #expect(sequences == [1, 2])
            let seen = try hub.journal.readState { store in
                var pages: [String] = []
                try store.rows("SELECT page FROM seen_pages", []) { pages.append($0[0].text ?? "") }
                return pages
            }
            #expect(seen == ["home", "home"])
        }

        /// A lone durable notice refused by its projection rolls its whole
        /// transaction back, and the posts after it are numbered on.
        @Test(arguments: PostgresTestServer.available)
        func aRefusedLoneNoticeLeavesNoTrace(server: PostgresTestServer) throws {
            let place = try SessionLossTests.Place(server.url)
            let hub = try NoticeHub(
                journal: PostgresJournal(url: place.url, logger: place.logger), durability: .always,
                projections: [PageCounts(), Refusing()], logger: place.logger)
            try hub.post("page.viewed", payload: "home")
            #expect(throws: JournalError.self) { try hub.post("page.viewed", payload: "refused") }
            try hub.post("page.viewed", payload: "about")
            #expect(try PageCounts.counts(hub) == ["home": 1, "about": 1])
            #expect(try hub.journal.lastSequence() == 2)
            #expect(try hub.journal.integrityProblems() == [])
            let seen = try hub.journal.readState { store in
                var pages: [String] = []
                try store.rows("SELECT page FROM seen_pages ORDER BY page", []) { pages.append($0[0].text ?? "") }
                return pages
            }
            #expect(seen == ["about", "home"])
        }

        /// A group commit's batch whose first notice its projection refuses
        /// rolls back only that notice's transaction: the notices after it
        /// open another on a connection lent anew, and commit.
        @Test(arguments: PostgresTestServer.available)
        func aRefusalOpeningABatchFailsOnlyItsOwnNotice(server: PostgresTestServer) throws {
            let place = try SessionLossTests.Place(server.url)
            let journal = try PostgresJournal(url: place.url, logger: place.logger)
            let projections: [any Projection] = [PageCounts(), Refusing()]
            let hub = try NoticeHub(journal: journal, projections: projections, logger: place.logger)
            let records = ["refused", "home", "about"].map { page in
                JournalRecord(
                    notice: Notice(name: "page.viewed", sender: nil, payload: .json("\"\(page)\"")),
                    payloadJSON: "\"\(page)\"")
            }
            let connection = try journal.connect(durability: .always)
            try connection.beginAppending()
            let outcomes = connection.appendBatch(records) { _ in projections }
            try connection.commitAppending()
            #expect(throws: JournalError.self) { try outcomes[0].get() }
            #expect(try outcomes.dropFirst().map { try $0.get() } == [.appended(1), .appended(2)])
            #expect(try PageCounts.counts(hub) == ["home": 1, "about": 1])
        }

        /// A batch opened by a notice stored already: its insert answers no
        /// row, the head is read in a round trip of its own, the notice is
        /// a duplicate and the notices after it are numbered on.
        @Test(arguments: PostgresTestServer.available)
        func aDuplicateOpeningABatchIsFoundAndTheRestNumberedOn(server: PostgresTestServer) throws {
            let place = try SessionLossTests.Place(server.url)
            let journal = try PostgresJournal(url: place.url, logger: place.logger)
            let hub = try NoticeHub(journal: journal, projections: [PageCounts()], logger: place.logger)
            let stored = try hub.post("page.viewed", payload: "home")
            let again = JournalRecord(notice: stored, payloadJSON: "\"home\"")
            let next = JournalRecord(
                notice: Notice(name: "page.viewed", sender: nil, payload: .json("\"about\"")), payloadJSON: "\"about\"")
            let connection = try journal.connect(durability: .always)
            try connection.beginAppending()
            let outcomes = connection.appendBatch([again, next]) { _ in [PageCounts()] }
            try connection.commitAppending()
            #expect(try outcomes.map { try $0.get() } == [.duplicate(1), .appended(2)])
            #expect(try PageCounts.counts(hub) == ["home": 1, "about": 1])
            #expect(try hub.journal.lastSequence() == 2)
        }

        /// Writes a row for every page view, then refuses the payload
        /// "refused": its row must go with the savepoint.
        struct Refusing: Projection {
            let schema = ProjectionSchema(
                identity: "test.refusing", tables: ["seen_pages"],
                migrations: [ProjectionMigration(1, "seen_pages", sql: "CREATE TABLE seen_pages (page TEXT NOT NULL)")])
            let names: Set<NoticeName> = ["page.viewed"]

            func apply(_ notice: Notice, to store: any ProjectionStore) throws {
                let page = try notice.decode(String.self)
                try store.execute("INSERT INTO seen_pages (page) VALUES (?)", [.text(page)])
                if page == "refused" { throw ProjectionRejection("refused on purpose") }
            }
        }
    }
#endif
