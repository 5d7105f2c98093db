// swift-format-ignore-file
// (Its samples are the README's and the DocC catalog's, line for line.)
import Foundation
import InMemoryTracing
import Logging
import MetricsTestKit
import NoticeHub
import Observation
import Synchronization
import Testing
import TestSupport
import Tracing

/// The Swift samples of the DocC catalog, compiled and run here, with what
/// they produce checked; the last test fails when a sample of the catalog is
/// not found in this file.
struct DocumentationExamplesTests {
    /// What a sample's handlers record, in order.
    final class Log<Element: Sendable>: Sendable {
        private let items = Mutex<[Element]>([])
        func append(_ item: Element) { items.locked { $0.append(item) } }
        var all: [Element] { items.locked { $0 } }
    }

    @Test func landingPage() throws {
        let greetings = Log<String>()
        let hub = NoticeHub()
        let token = hub.observe("greeting", sender: "Athos") { notice in
            greetings.append("\(notice.sender!) says hello")
        }
        try hub.post("greeting", sender: "Athos")
        token.cancel()
        try hub.post("greeting", sender: "Athos")
        #expect(greetings.all == ["Athos says hello"])
    }

    @Test func ownerBoundObservers() throws {
        let hub = NoticeHub()
        let seen = Log<String>()
        final class Screen: Sendable {
            let title: String
            init(title: String) { self.title = title }
        }
        let screen = Screen(title: "feed")
        _ = hub.observe("news.liked", owner: screen) { [weak screen] notice in
            seen.append("\(screen?.title ?? "gone") saw \(notice.name)")
        }
        try hub.post("news.liked")
        #expect(seen.all == ["feed saw news.liked"])
        withExtendedLifetime(screen) {}
    }

    @Test func wildcardNames() throws {
        let hub = NoticeHub()
        let seen = Log<String>()
        let likes = hub.observe("news.*") { notice in
            seen.append("news.* saw \(notice.name)")
        }
        let everything = hub.observe("news.>") { notice in
            seen.append("news.> saw \(notice.name)")
        }
        try hub.post("news.liked")
        try hub.post("news.liked.twice")
        #expect(seen.all == ["news.* saw news.liked", "news.> saw news.liked", "news.> saw news.liked.twice"])
        withExtendedLifetime([likes, everything]) {}
    }

    @Test func collectingReplies() async throws {
        let hub = NoticeHub()
        let answers = Log<String>()
        let checker = hub.respond(to: "collision.check", as: "AA101") { notice in
            try notice.value(as: Int.self) == 12
        }
        let collection = try await hub.collect(
            "collision.check", payload: 12, from: "CX200", as: Bool.self,
            timeout: .milliseconds(200), maxReplies: 5)
        for reply in collection.replies {
            answers.append("\(reply.responder): \(reply.result)")
        }
        checker.cancel()
        #expect(answers.all == ["AA101: success(true)"])
        #expect(collection.stopReason == .allAnswered && collection.asked == 1 && collection.values == [true])
    }

    @Test func journal() throws {
        let directory = TemporaryDirectory()
        let journal = try SQLiteJournal(path: directory.path("chat.sqlite"))
        let chat = try NoticeHub(journal: journal)
        let said = try chat.post("chat.said", sender: "Athos", payload: "One for all")
        let answered = try chat.post("chat.said", sender: "Porthos", payload: "All for one")
        try chat.close()
        #expect((said.sequence, answered.sequence) == (1, 2))
        #expect(throws: JournalError.closed) { try chat.post("chat.said") }
    }

    @Test func journalTrimming() throws {
        let printed = Log<String>()
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("app.sqlite")))
        for minute in 1...5 { try hub.post("meter.read", payload: minute) }
        let trimmed = try hub.journal.trim(through: 3)
        // trimmed.removed == 3, trimmed.firstRetained == 4
        let replayed = try hub.journal.replay(from: hub.journal.firstRetainedSequence())
        // replayed == 2
        do {
            try hub.journal.replay()
        } catch let error as JournalError where error.code == .trimmed {
            print("the journal starts at #\(error.firstRetained!)")  // the journal starts at #4
        }
        #expect(trimmed == TrimSummary(removed: 3, firstRetained: 4))
        #expect(replayed == 2)
        #expect(printed.all == ["the journal starts at #4"])
        #expect(throws: JournalError.trimmed(from: 1, firstRetained: 4)) { try hub.journal.replay() }
    }

    @Test func journalUpgrade() throws {
        let printed = Log<String>()
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        let directory = TemporaryDirectory()
        let path = directory.path("app.sqlite")
        try OlderSchemaJournal.create(at: path, schema: 12)
        if let upgrade = try SQLiteJournal.pendingUpgrade(at: path), upgrade.rewritesNotices {
            print("upgrading the journal from schema \(upgrade.from) to \(upgrade.to)")
        }
        let upgraded = try NoticeHub(journal: SQLiteJournal(path: path))
        #expect(printed.all == ["upgrading the journal from schema 12 to \(SQLiteJournal.schemaVersion)"])
        #expect(try SQLiteJournal.pendingUpgrade(at: path) == nil)
        #expect(try upgraded.post("app.started").sequence == 1)
    }

    @Test func journalRetention() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("app.sqlite")))
        for minute in 1...3 { try hub.post("meter.read", payload: minute) }
        try hub.journal.setRetentionPolicy(RetentionPolicy(maxAge: .seconds(30 * 86_400), maxCount: 1_000_000))
        let outcome = try hub.journal.applyRetention()
        // outcome.trim?.removed: how many notices it trimmed, if any
        #expect(outcome == RetentionOutcome(trim: nil, heldBackBy: nil))
        #expect(try hub.journal.retentionPolicy().maxCount == 1_000_000)

        for _ in 1...3 { try hub.post("sensor.reading", payload: 20.5) }
        try hub.journal.setRetentionPolicy(
            RetentionPolicy(byName: [NameRetention("sensor.*", maxAge: .seconds(7 * 86_400), maxCount: 10_000)]))
        let removed = try hub.journal.applyRetention().removedByName
        // removed["sensor.reading"]: how many notices of that name it removed, if any
        #expect(removed == [:])
        try hub.journal.setRetentionPolicy(RetentionPolicy(byName: [NameRetention("sensor.*", maxCount: 1)]))
        #expect(try hub.journal.applyRetention().removedByName == ["sensor.reading": 2])

        let retention = try hub.journal.applyRetention(every: .seconds(3_600)) { outcome in
            print("retention trimmed \(outcome.trim?.removed ?? 0) notices")
        }
        retention.cancel()
        #expect(retention.isCancelled)
    }

    @Test func erasingOneKeysNotices() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("app.sqlite")))
        try hub.post("profile.updated", payload: ["user": "alice", "city": "Lyon"])
        try hub.post("profile.updated", payload: ["user": "bob", "city": "Oslo"])
        let erasure = try hub.journal.erase(ErasureKey(field: "user", value: "alice"), names: "profile.*")
        // erasure.erasedByName["profile.updated"]: how many notices of that name it erased
        // erasure.rebuiltProjections: the projections whose state it rebuilt without them
        #expect(erasure == ErasureOutcome(erasedByName: ["profile.updated": 1], rebuiltProjections: []))
        #expect(try hub.journal.verify().malformedRows?.erased == 1)
    }

    @Test func journalLogging() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("app.sqlite")
        var logger = Logger(label: "app.journal")
        logger.logLevel = .debug
        let hub = try NoticeHub(journal: SQLiteJournal(path: path), logger: logger)
        #expect(try hub.post("app.started").sequence == 1)
        try hub.close()
    }

    @Test func journalMetrics() throws {
        let metrics = TestMetrics()
        let hub = NoticeHub(metrics: metrics)
        let token = hub.observe("app.started") { _ in }
        try hub.post("app.started")
        // metrics.counterTotal(label: "noticehub.deliveries") == 1
        #expect(metrics.counterTotal(label: "noticehub.deliveries") == 1)
        token.cancel()
    }

    @Test func journalTracing() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("traced.sqlite")
        let tracer = InMemoryTracer()
        let traced = try NoticeHub(journal: SQLiteJournal(path: path), tracer: tracer)
        let posted = try tracer.withSpan("checkout") { _ in try traced.post("order.placed") }
        // posted.metadata[InMemoryTracer.spanIDKey] is the checkout span's id
        #expect(posted.metadata[InMemoryTracer.spanIDKey] == tracer.finishedSpans.first?.spanID)
        #expect(tracer.finishedSpans.map(\.operationName) == ["checkout"])
        try traced.close()
    }

    @Test func replayAndDurableSubscribers() throws {
        let directory = TemporaryDirectory()
        let chat = try NoticeHub(journal: SQLiteJournal(path: directory.path("chat.sqlite")))
        try chat.post("chat.said", sender: "Athos", payload: "One for all")
        try chat.post("chat.said", sender: "Porthos", payload: "All for one")
        let lines = Log<String>(), indexed = Log<Int64>()

        let rebuilt = NoticeHub()
        let listener = rebuilt.observe("chat.said") { notice in
            lines.append(try! notice.decode(String.self))
        }
        let replayed = try chat.journal.replay(into: rebuilt)
        let indexer = try chat.journal.subscribe(as: "indexer") { notice in
            indexed.append(notice.sequence!)
        }
        #expect(replayed == 2 && lines.all == ["One for all", "All for one"])
        #expect(eventually { indexed.all.count >= 2 })
        #expect(indexed.all == [1, 2])
        indexer.cancel()
        withExtendedLifetime(listener) {}
    }

    /// The article "Your own projection", end to end; its `print` lines are
    /// recorded and checked.
    @Test func yourOwnProjection() throws {
        let printed = Log<String>()
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        let directory = TemporaryDirectory()
        let path = directory.path("shop.sqlite")

        struct StockMoved: NoticeMessage {
            static let name: NoticeName = "stock.moved"
            var item: String
            var quantity: Int
        }

        struct StockProjection: Projection {
            let schema = ProjectionSchema(
                identity: "shop.stock", version: 1, tables: ["stock"],
                migrations: [
                    ProjectionMigration(1, "stock", sql: """
                        CREATE TABLE stock (item TEXT PRIMARY KEY, quantity INTEGER NOT NULL)
                        """)
                ])
            let names: Set<NoticeName> = [StockMoved.name]

            func apply(_ notice: Notice, to store: any ProjectionStore) throws {
                let moved = try notice.decode(StockMoved.self)
                let current = try store.integer("SELECT quantity FROM stock WHERE item = ?", [.text(moved.item)]) ?? 0
                guard current + Int64(moved.quantity) >= 0 else {
                    throw ProjectionRejection("only \(current) \(moved.item) in stock")
                }
                try store.upsert(
                    into: "stock", values: ["item": .text(moved.item), "quantity": .integer(Int64(moved.quantity))],
                    conflictKey: ["item"], adding: ["quantity"])
            }
        }

        let shop = try NoticeHub(journal: SQLiteJournal(path: path), projections: [StockProjection()])
        try shop.post(StockMoved(item: "apples", quantity: 10), sender: "warehouse")
        try shop.post(StockMoved(item: "apples", quantity: -3), sender: "till")
        let apples = try shop.journal.readState { try $0.integer("SELECT quantity FROM stock WHERE item = 'apples'", []) }
        print(apples!)  // 7
        do {
            try shop.post(StockMoved(item: "apples", quantity: -8), sender: "till")
        } catch let error as JournalError where error.code == .refused {
            print(error.noticeName!, error.reason!)  // stock.moved only 7 apples in stock
        }
        #expect(throws: JournalError.refused(name: StockMoved.name, reason: "only 7 apples in stock")) {
            try shop.post(StockMoved(item: "apples", quantity: -8), sender: "till")
        }

        let addUpdatedAt = ProjectionMigration(2, "stock-updated-at", [
            .sqlite: "ALTER TABLE stock ADD COLUMN updated_at INTEGER",
            .postgresql: "ALTER TABLE stock ADD COLUMN updated_at bigint",
        ])
        #expect(addUpdatedAt.script(for: .postgresql) == "ALTER TABLE stock ADD COLUMN updated_at bigint")

        let rebuilt = try shop.journal.rebuildProjection("shop.stock") { progress in
            print("\(Int(progress.fraction * 100))% at \(Int(progress.rate))/s")
        }
        print(rebuilt.replayed, rebuilt.currentThrough)  // 2 2

        let till = try NoticeHub(journal: SQLiteJournal(path: path))  // without StockProjection
        do {
            try till.post(StockMoved(item: "apples", quantity: -1), sender: "till")
        } catch {
            print(error)  // stock.moved refused: the journal's projection "shop.stock" handles it, and this hub does not carry that projection
        }

        print(try shop.journal.projectionDifferences(StockProjection()))  // []
        print(try shop.journal.verify().isSound)  // true

        let branchPath = directory.path("branch.sqlite")
        try shop.post(StockMoved(item: "pears", quantity: 4), sender: "warehouse")
        try shop.journal.trim(through: 2)
        let start = try shop.journal.startingState()
        print(start[0].through, start[0].tables[0].rows)  // 2 [['apples', 7]]

        var tail = start.flatMap(StateLine.encode)
        try shop.journal.read(JournalQuery(from: 3)) { notice in
            tail.append(try NoticeLine.encode(notice))
            return true
        }
        let branch = try NoticeHub(
            journal: SQLiteJournal(path: branchPath), projections: [StockProjection()])
        print(try branch.journal.importNotices(tail).statesLoaded)  // 1
        #expect(try branch.journal.readState { try $0.integer("SELECT sum(quantity) FROM stock", []) } == 11)

        // Version 2 flags items running low.
        struct StockProjectionV2: Projection {
            let schema = ProjectionSchema(
                identity: "shop.stock", version: 2, tables: ["stock"],
                migrations: StockProjection().schema.migrations + [
                    ProjectionMigration(2, "stock-low", sql: "ALTER TABLE stock ADD COLUMN low INTEGER NOT NULL DEFAULT 0")
                ])
            let names: Set<NoticeName> = [StockMoved.name]

            func apply(_ notice: Notice, to store: any ProjectionStore) throws {
                try StockProjection().apply(notice, to: store)
                let item = try notice.decode(StockMoved.self).item
                try store.execute(
                    "UPDATE stock SET low = CASE WHEN quantity < 5 THEN 1 ELSE 0 END WHERE item = ?", [.text(item)])
            }

            func upcastStartingState(madeBy version: Int, in store: any ProjectionStore) throws {
                try store.execute("UPDATE stock SET low = CASE WHEN quantity < 5 THEN 1 ELSE 0 END", [])
            }
        }

        let upgraded = try NoticeHub(journal: SQLiteJournal(path: path), projections: [StockProjectionV2()])
        var low: [String] = []
        try upgraded.journal.readState { try $0.rows("SELECT item FROM stock WHERE low = 1", []) { low.append($0[0].text!) } }
        print(try upgraded.journal.startingState()[0].version, low)  // 2 ["pears"]
        #expect(try upgraded.journal.projectionDifferences(StockProjectionV2()) == [])

        try shop.close()
        try upgraded.close()
        let retired = try NoticeHub(journal: SQLiteJournal(path: path))  // without the projection
        print(try retired.journal.removeProjection(StockProjectionV2()))  // true
        try retired.post(StockMoved(item: "apples", quantity: -100), sender: "till")  // no stock rules now
        #expect(try retired.journal.installedProjections().isEmpty)

        let lines = printed.all
        #expect(lines.count == 11)
        #expect(lines.first == "7")
        #expect(lines[1] == "stock.moved only 7 apples in stock")
        #expect(lines[2].hasPrefix("100% at "))
        #expect(Array(lines.dropFirst(3)) == [
            "2 2",
            #"stock.moved refused: the journal's projection "shop.stock" handles it, and this hub does not carry that projection"#,
            "[]",
            "true",
            "2 [['apples', 7]]",
            "1",
            #"2 ["pears"]"#,
            "true",
        ])
    }

    struct City: Codable, Sendable { let name: String }
    struct Forecast: Codable, Sendable { let celsius: Int }

    @Test func conversationsAcrossProcesses() async throws {
        let directory = TemporaryDirectory()
        let path = directory.path("j.sqlite")
        let answers = Log<String>()
        let station = try NoticeHub(journal: SQLiteJournal(path: path))
        let answering = try station.respondAcrossProcesses(to: "weather.now", as: "station") { request in
            Forecast(celsius: try request.decode(City.self).name.count)
        }
        let phone = try NoticeHub(journal: SQLiteJournal(path: path))
        let forecast = try await phone.collectAcrossProcesses(
            "weather.now", payload: City(name: "Lyon"), from: "phone", as: Forecast.self,
            timeout: .seconds(2))
        answers.append("\(forecast.values) \(forecast.stopReason)")
        answering.cancel()
        #expect(answers.all == ["[NoticeHubTests.DocumentationExamplesTests.Forecast(celsius: 4)] allAnswered"])
    }

    @Test func causeOutsideADelivery() throws {
        let hub = NoticeHub()
        let causes = Log<Bool>()
        let liked = try hub.post("news.liked")
        let changed = try NoticeHub.withCause(liked) {
            try hub.post("profile.changed")
        }
        causes.append(changed.cause == liked.id)
        #expect(causes.all == [true])
    }

    @Test func aBackendBuildsTheNoticesItReads() throws {
        let id = NoticeID.next()
        var query = JournalQuery()
        query.markedAsReplay = true
        let notice = Notice(
            stored: id, name: "news.liked", sender: "feed", postedAtMilliseconds: 1_764_115_200_000,
            payloadJSON: Array(#"{"newsID":1}"#.utf8), sequence: 7, isReplay: query.markedAsReplay)
        #expect(notice.id == id && notice.sequence == 7 && notice.isReplay && notice.sender == "feed")
        #expect(try notice.payloadJSON() == #"{"newsID":1}"#)
    }

    @Test func undecodableNoticesAreReported() throws {
        struct NewsLiked: NoticeMessage {
            static let name: NoticeName = "news.liked"
            var newsID: Int
        }
        let directory = TemporaryDirectory()
        let journal = try NoticeHub(journal: SQLiteJournal(path: directory.path("journal.sqlite")))
        let hub = journal
        let fresh = NoticeHub()
        let problems = Log<String>()
        var skipped: [Int64] = []
        let token = fresh.observe(NewsLiked.self) { _, _ in }
        try journal.post("news.liked", json: #"{"newsID":"one"}"#)
        let live = hub.observe(NewsLiked.self) { _, _ in }
        hub.onUndecodable { undecodable in
            problems.append("\(undecodable)")
        }
        do {
            try journal.journal.replay(into: fresh)
        } catch let error as UndecodableNotices {
            skipped = error.listed.map { $0.notice.sequence! }
        }
        #expect(skipped == [1])
        try hub.post("news.liked", json: #"{"newsID":"two"}"#)
        #expect(problems.all.count == 1 && problems.all[0].hasPrefix("notice #2 (news.liked version 1) is not a NewsLiked"))
        token.cancel()
        live.cancel()
    }

    /// The samples of "Evolving messages".
    @Test func evolvingMessages() throws {
        struct LikedV1: Decodable, Sendable {
            var newsID: Int
            var user: String
        }

        struct Liked: NoticeMessage {
            static let name: NoticeName = "news.liked"
            static let version = 2
            static let upcasts = Upcasts<Liked>.from(LikedV1.self) { v1 in
                Liked(newsID: v1.newsID, reader: v1.user, source: "unknown")
            }
            var newsID: Int
            var reader: String
            var source: String
        }

        struct LikedV2: Decodable, Sendable {
            var newsID: Int
            var reader: String
        }

        struct LikedV3: NoticeMessage {
            static let name: NoticeName = "news.liked"
            static let version = 3
            static let upcasts = Upcasts<LikedV3>
                .from(LikedV1.self)
                .then { v1 in LikedV2(newsID: v1.newsID, reader: v1.user) }
                .then { v2 in LikedV3(newsID: v2.newsID, reader: v2.reader, weight: 1) }
            var newsID: Int
            var reader: String
            var weight: Int
        }

        let directory = TemporaryDirectory()
        let journal = try NoticeHub(journal: SQLiteJournal(path: directory.path("journal.sqlite")))
        try journal.post("news.liked", json: #"{"newsID":1,"user":"alice"}"#)
        try journal.post("news.liked", json: #"{"newsID":2,"reader":"bob"}"#, version: 2)
        try journal.post("news.liked", json: #"{"newsID":3}"#)
        let app = NoticeHub()
        let readers = Log<String>()
        let v2 = app.observe(Liked.self) { liked, _ in readers.append("v2 \(liked.reader) \(liked.source)") }
        let v3 = app.observe(LikedV3.self) { liked, _ in readers.append("v3 \(liked.reader) \(liked.weight)") }
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        let problems = try journal.journal.undecodableNotices(as: [Liked.self])
        for problem in problems.listed { print(problem) }
        try journal.journal.replay(into: app) { undecodable in
            print("not replayed:", undecodable)
        }

        #expect(readers.all == ["v2 alice unknown", "v3 alice 1", "v3 bob 1"])
        // Notice 2 is Liked's own version without its source; notice 3 has no user.
        let second = #"notice #2 (news.liked version 2) is not a Liked: missing key "source""#
        let third = #"notice #3 (news.liked version 1) is not a Liked: as version 1, a LikedV1: missing key "user""#
        #expect(
            printed == [
                second, third, "not replayed: " + second, "not replayed: " + third,
                #"not replayed: notice #3 (news.liked version 1) is not a LikedV3: as version 1, a LikedV1: missing key "user""#,
            ])
        v2.cancel()
        v3.cancel()
    }

    actor Tally {
        var count = 0
    }

    actor SearchIndex {
        private(set) var added: [Int64] = []
        func add(_ notice: Notice) { added.append(notice.sequence ?? 0) }
    }

    /// The samples of "Where colleagues run".
    @MainActor @Test func whereColleaguesRun() async throws {
        let hub = NoticeHub()
        var titles: [String] = []
        let tally = Tally()
        let logQueue = DispatchQueue(label: "log")
        let logged = Log<NoticeName>()
        @Sendable func print(_ name: NoticeName) { logged.append(name) }
        let index = SearchIndex()
        let center = NotificationCenter()

        let screen = hub.observe(Liked.self, on: MainActor.self) { liked, notice in
            titles.append("\(liked.user) likes \(liked.newsID)")   // on the main actor
        }
        let counter = hub.observe("news.liked", on: tally) { tally, notice in
            tally.count += 1                                       // isolated to the actor `tally`
        }
        let logger = hub.observe("news.liked", scheduling: .queue(logQueue)) { notice in
            print(notice.name)                                     // on the dispatch queue
        }
        let indexer = hub.observe("page.saved", buffering: .bufferingNewest(100)) { notice async in
            await index.add(notice)
        }
        let model = LikeCount(hub: hub)
        let inbound = hub.forward(.init("ArticleLiked"), from: center, as: "news.liked") { notification in
            guard let user = notification.userInfo?["user"] as? String else { return nil }
            return BridgedNotice(sender: "feed", payload: Liked(newsID: notification.userInfo?["newsID"] as? Int ?? 0, user: user))
        }
        let outbound = hub.forward("news.published", to: center)

        try hub.post(Liked(newsID: 1, user: "alice"))
        center.post(name: .init("ArticleLiked"), object: nil, userInfo: ["newsID": 2, "user": "bob"])
        try hub.post("page.saved")
        let published = Log<String>()
        let legacy = center.addObserver(forName: .init("news.published"), object: nil, queue: nil) { _ in
            published.append("news.published")
        }
        try hub.post("news.published")
        await hub.pendingDeliveries.settled()
        #expect(titles == ["alice likes 1", "bob likes 2"])
        #expect(model.count == 2 && logged.all == ["news.liked", "news.liked"] && published.all == ["news.published"])
        #expect(await tally.count == 2)
        #expect(await index.added.count == 1)
        center.removeObserver(legacy)
        for token in [screen, counter, logger, indexer, inbound, outbound] { token.cancel() }
    }

    @MainActor @Test func watchingState() async throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("likes.sqlite")), projections: [LikeTally()])
        try hub.post(Liked(newsID: 1, user: "alice"))
        let screen = try FeedScreen(hub: hub)
        #expect(screen.likes == [1: 1])  // set before observe returned
        let client = Client()
        let pushing = Task { try await pushGivenLikes(of: "bob", on: hub, to: client) }
        #expect(await eventually { client.sent == ["bob has given 0 likes"] })
        try await Task.detached {
            try hub.post(Liked(newsID: 1, user: "bob"))
            try hub.post(Liked(newsID: 2, user: "bob"))
        }.value
        #expect(await eventually { screen.likes == [1: 2, 2: 1] })
        #expect(await eventually { client.sent.last == "bob has given 2 likes" })
        // Another hub on the same journal stands for another process.
        let other = try NoticeHub(journal: SQLiteJournal(path: directory.path("likes.sqlite")), projections: [LikeTally()])
        try other.post(Liked(newsID: 3, user: "bob"))
        #expect(await eventually { screen.likes == [1: 2, 2: 1, 3: 1] })
        #expect(await eventually { client.sent.last == "bob has given 3 likes" })
        pushing.cancel()
        try await pushing.value  // the loop ends with its task
        // Values on the way may be skipped, never repeated nor reordered.
        let counts = client.sent.map { $0.split(separator: " ")[3] }.compactMap { Int($0) }
        #expect(counts.first == 0 && counts.last == 3 && counts == counts.sorted() && Set(counts).count == counts.count)
    }

    /// The mail server of "Consumers in production": down until told otherwise.
    final class Outbox: Sendable {
        struct Down: Error, CustomStringConvertible {
            var description: String { "the mail server is down" }
        }

        let isDown = Mutex(true)
        let sent = Log<Int64>()

        func send(_ notice: Notice) throws {
            if isDown.locked({ $0 }) { throw Down() }
            sent.append(notice.sequence!)
        }
    }

    @Test func consumersInProduction() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(
            journal: SQLiteJournal(path: directory.path("orders.sqlite")), logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let outbox = Outbox()
        let problems = Log<String>()
        try hub.post("order.placed", payload: 1)
        let mailer = try hub.journal.subscribe(
            as: "mailer", names: ["order.placed"],
            delivery: DeliveryPolicy(maxDeliveries: 3, backoff: [.milliseconds(10), .milliseconds(50)])
        ) { notice in
            try outbox.send(notice)  // throws while the mail server is down
        }
        #expect(try eventually { try hub.journal.parkedNotices(of: "mailer").count == 1 })
        outbox.isDown.locked { $0 = false }
        for parked in try hub.journal.parkedNotices(of: "mailer") {
            problems.append("#\(parked.sequence) after \(parked.deliveries) deliveries: \(parked.error)")
        }
        try hub.journal.replayParked(of: "mailer")  // the mail server is back
        #expect(try eventually { try hub.journal.parkedNotices(of: "mailer").isEmpty })
        mailer.cancel()
        #expect(problems.all == ["#1 after 3 deliveries: the mail server is down"])
        #expect(outbox.sent.all == [1])
    }

    actor OrderSearch {
        private(set) var indexed: [Int64] = []
        func index(_ notice: Notice) async throws { indexed.append(notice.sequence!) }
    }

    @Test func consumersInProductionAsync() async throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("orders.sqlite")))
        let search = OrderSearch()
        for order in 1...3 { try hub.post("order.placed", payload: order) }
        let indexer = try hub.journal.subscribe(as: "indexer", names: ["order.placed"]) { notice in
            try await search.index(notice)
        }
        #expect(try await eventually { try hub.journal.statistics().subscribers.first?.cursor == 3 })
        indexer.cancel()
        #expect(await search.indexed == [1, 2, 3])
    }

    final class Thumbnails: Sendable {
        let rendered = Log<Int64>()

        func render(_ notice: Notice) throws {
            rendered.append(notice.sequence!)
        }
    }

    @Test func aGroupOfWorkersSharesThePhotos() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("photos.sqlite")))
        let thumbnails = Thumbnails()
        for photo in 1...3 { try hub.post("photo.uploaded", payload: photo) }
        // The same code in each worker process; each notice goes to one of them.
        let renderer = try hub.journal.subscribe(
            as: "thumbnails", names: ["photo.uploaded"], sharing: .group()
        ) { notice in
            try thumbnails.render(notice)
        }
        #expect(eventually { thumbnails.rendered.all.count == 3 })
        renderer.cancel()
        #expect(thumbnails.rendered.all == [1, 2, 3])
    }

    @Test func everySwiftSampleInTheCatalogIsCompiledHere() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let catalog = root.appendingPathComponent("Sources/NoticeHubCore/NoticeHubCore.docc")
        let here = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        // The own-tool sample is an executable's `@main`: the fresh package of
        // scripts/own-noticectl-test builds and runs it.
        let script = try String(contentsOf: root.appendingPathComponent("scripts/own-noticectl-test"), encoding: .utf8)
        let compiled = (Self.normalized(here) + Self.normalized(script)).joined(separator: "\n")
        var samples: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: catalog.path) where file.hasSuffix(".md") {
            let text = try String(contentsOf: catalog.appendingPathComponent(file), encoding: .utf8)
            samples += text.components(separatedBy: "```swift\n").dropFirst()
                .map { $0.components(separatedBy: "```").first ?? "" }
        }
        #expect(samples.count >= 5)
        for sample in samples {
            let lines = Self.normalized(sample)
            #expect(compiled.contains(lines.joined(separator: "\n")), "catalog sample not compiled here:\n\(sample)")
        }
    }

    /// Lines without indentation, blank lines dropped.
    static func normalized(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}

/// The observable model of "Where colleagues run".
@MainActor @Observable final class LikeCount {
    var count = 0

    init(hub: NoticeHub) {
        _ = hub.observe(Liked.self, on: MainActor.self, owner: self) { [weak self] liked, notice in
            self?.count += 1
        }
    }
}

/// The projection of "Watching state".
struct LikeTally: Projection {
    let schema = ProjectionSchema(
        identity: "likes.tally", version: 1, tables: ["news_likes", "given_likes"],
        migrations: [
            ProjectionMigration(1, "news_likes", sql: """
                CREATE TABLE news_likes (news_id INTEGER PRIMARY KEY, likes INTEGER NOT NULL)
                """),
            ProjectionMigration(2, "given_likes", sql: """
                CREATE TABLE given_likes (user TEXT PRIMARY KEY, likes INTEGER NOT NULL)
                """),
        ])
    let names: Set<NoticeName> = [Liked.name]

    func apply(_ notice: Notice, to store: any ProjectionStore) throws {
        let liked = try notice.decode(Liked.self)
        try store.upsert(
            into: "news_likes", values: ["news_id": .integer(Int64(liked.newsID)), "likes": 1],
            conflictKey: ["news_id"], adding: ["likes"])
        try store.upsert(
            into: "given_likes", values: ["user": .text(liked.user), "likes": 1],
            conflictKey: ["user"], adding: ["likes"])
    }
}

/// The screen of "Watching state".
@MainActor @Observable final class FeedScreen {
    private(set) var likes: [Int: Int] = [:]  // news id → likes
    @ObservationIgnored private var watching: Subscription?

    init(hub: NoticeHub) throws {
        watching = try hub.journal.observe(LikeTally(), on: MainActor.self) { store in
            var likes: [Int: Int] = [:]
            try store.rows("SELECT news_id, likes FROM news_likes", []) { row in
                likes[Int(row[0].integer ?? 0)] = Int(row[1].integer ?? 0)
            }
            return likes
        } onChange: { [weak self] likes in
            self?.likes = likes
        }
    }
}

/// What the server of "Watching state" pushes to.
final class Client: Sendable {
    private let lines = Mutex<[String]>([])
    func send(_ text: String) async { lines.withLock { $0.append(text) } }
    var sent: [String] { lines.withLock { $0 } }
}

/// The server task of "Watching state".
func pushGivenLikes(of user: String, on hub: NoticeHub, to client: Client) async throws {
    let counts = hub.journal.values(of: LikeTally()) { store in
        try store.integer("SELECT likes FROM given_likes WHERE user = ?", [.text(user)]) ?? 0
    }
    for try await count in counts {
        await client.send("\(user) has given \(count) likes")
    }
}

/// "Generated payload codecs": the message with the macro, or, without the
/// `GeneratedCodecs` trait, with the extension the article says it expands to.
#if GeneratedCodecs
@NoticeCodec
struct TemperatureRead: NoticeMessage, Equatable {
    static let name: NoticeName = "sensor.temperature"
    var sensor: String
    var celsius: Double
    var note: String?
}
#else
struct TemperatureRead: NoticeMessage, Equatable {
    static let name: NoticeName = "sensor.temperature"
    var sensor: String
    var celsius: Double
    var note: String?
}

extension TemperatureRead: NoticeHubCore.NoticeJSONCodable {
    func writeNoticeJSON(to writer: inout NoticeHubCore.NoticeJSONWriter) throws {
        writer.beginObject()
        try writer.write(self.`sensor`, forKey: "sensor")
        try writer.write(self.`celsius`, forKey: "celsius")
        try writer.writeIfPresent(self.`note`, forKey: "note")
        writer.endObject()
    }

    init(noticeJSON json: NoticeHubCore.NoticeJSONValue) throws {
        var object = try json.object(of: Self.self)
        self.`sensor` = try object.decode((String).self, forKey: "sensor")
        self.`celsius` = try object.decode((Double).self, forKey: "celsius")
        self.`note` = try object.decodeIfPresent((String).self, forKey: "note")
    }
}
#endif

extension DocumentationExamplesTests {
    @Test func aGeneratedCodecWritesTheJSONCodableWrites() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("journal.sqlite")
        let read = TemperatureRead(sensor: "hall \"north\"", celsius: -4.5, note: nil)
        do {
            let hub = try NoticeHub(journal: SQLiteJournal(path: path))
            let notice = try hub.post(read, sender: "sensors")
            #expect(try notice.payloadJSON() == #"{"sensor":"hall \"north\"","celsius":-4.5}"#)
            try hub.close()
        }
        let hub = try NoticeHub(journal: SQLiteJournal(path: path))
        defer { try? hub.close() }
        let seen = Log<TemperatureRead>()
        let token = hub.observe(TemperatureRead.self) { value, _ in seen.append(value) }
        #expect(try hub.journal.replay() == 1)
        withExtendedLifetime(token) {}
        #expect(seen.all == [read])
    }
}
