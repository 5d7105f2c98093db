// swift-format-ignore-file
// (Its samples are the README's and the DocC catalog's, line for line.)
import Foundation
import NoticeHub
@testable import NoticeHubPostgres
import NoticeHubTesting
import NoticeNews
import Synchronization
import Testing
import TestSupport

/// The README's Swift samples, run here as written. Each test shadows
/// `print` with a function that records the line, and checks what the
/// sample printed; the last test fails when a sample of the README is not
/// found in this file.
struct ReadmeExamplesTests {
    /// The lines a sample printed, from any thread.
    final class Output: Sendable {
        private let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    @Test func quickStart() throws {
        let output = Output()
        @Sendable func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }

        let hub = NoticeHub()
        let token = hub.observe("greeting", sender: "Athos") { notice in
            print("\(notice.sender!) says hello")
        }
        try hub.post("greeting", sender: "Athos")  // Athos says hello
        token.cancel()

        try hub.post("greeting", sender: "Athos")
        #expect(output.all == ["Athos says hello"])
    }

    @MainActor @Test func quickStartOnTheMainActor() async throws {
        let hub = NoticeHub()

        @MainActor final class Greeter {
            var greeted: [String] = []
        }
        let greeter = Greeter()
        let onScreen = hub.observe("greeting", on: MainActor.self) { notice in
            greeter.greeted.append(notice.sender!.rawValue)  // on the main actor
        }

        try await Task.detached {
            for sender: Sender in ["Athos", "Porthos", "Aramis"] { try hub.post("greeting", sender: sender) }
        }.value
        await hub.pendingDeliveries.settled()
        #expect(greeter.greeted == ["Athos", "Porthos", "Aramis"])
        onScreen.cancel()
    }

    @Test func typedMessages() throws {
        let output = Output()
        @Sendable func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }
        let hub = NoticeHub()

        struct Liked: NoticeMessage {
            static let name: NoticeName = "news.liked"
            var newsID: Int
            var user: String
        }

        let subscription = hub.observe(Liked.self) { liked, notice in
            print("\(liked.user) likes \(liked.newsID)")
        }
        try hub.post(Liked(newsID: 1, user: "alice"), sender: "feed")  // alice likes 1

        #expect(output.all == ["alice likes 1"])
        withExtendedLifetime(subscription) {}
    }

    @Test func messageVersions() throws {
        let output = Output()
        @Sendable func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }
        let hub = NoticeHub()

        struct RatedV1: Decodable, Sendable {
            var stars: Int
        }

        struct Rated: NoticeMessage {
            static let name: NoticeName = "news.rated"
            static let version = 2
            static let upcasts = Upcasts<Rated>.from(RatedV1.self) { old in Rated(score: Double(old.stars) / 5) }
            var score: Double
        }

        let ratings = hub.observe(Rated.self) { rated, notice in
            print(rated.score, "from version", notice.version)
        }
        try hub.post("news.rated", json: #"{"stars":4}"#)  // 0.8 from version 1
        try hub.post(Rated(score: 0.5))                     // 0.5 from version 2

        #expect(output.all == ["0.8 from version 1", "0.5 from version 2"])
        withExtendedLifetime(ratings) {}
    }

    @Test func wildcardNames() throws {
        let output = Output()
        @Sendable func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }
        let hub = NoticeHub()

        let oneSegment = hub.observe("chat.*") { print("chat.* hears \($0.name)") }
        let anyDepth = hub.observe("chat.>") { print("chat.> hears \($0.name)") }
        try hub.post("chat.general")         // chat.* hears chat.general, then chat.> hears chat.general
        try hub.post("chat.general.thread")  // chat.> hears chat.general.thread

        #expect(output.all == ["chat.* hears chat.general", "chat.> hears chat.general", "chat.> hears chat.general.thread"])
        #expect(throws: NoticeHubError.patternNotPostable("chat.*")) { try hub.post("chat.*") }
        withExtendedLifetime([oneSegment, anyDepth]) {}
    }

    @Test func namesAtRunTime() throws {
        let input = "news.shared"
        let name = try NoticeName(validating: input)
        #expect(name.rawValue == "news.shared")
        #expect(throws: NoticeHubError.self) { try NoticeName(validating: "two\nlines") }
    }

    @Test func colleagues() throws {
        let output = Output()
        @Sendable func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }
        let hub = NoticeHub()

        final class Musketeer: Sendable {
            let name: String
            init(_ name: String) { self.name = name }
        }
        let athos = Musketeer("Athos"), porthos = Musketeer("Porthos")
        _ = hub.observe("order", excludingPostsBy: "Porthos", owner: porthos) { [weak porthos] notice in
            print("\(porthos?.name ?? "nobody") hears \(notice.sender!)")
        }
        try hub.post("order", sender: "Athos")  // Porthos hears Athos

        let mediator = Mediator<Musketeer>()
        mediator.addColleague(athos)
        mediator.addColleague(porthos, strongReference: false)
        mediator.invokeColleagues(by: athos) { print("\($0.name) received: One for all!") }

        try hub.post("order", sender: "Porthos")
        #expect(output.all == ["Porthos hears Athos", "Porthos received: One for all!"], "not its own order")
        withExtendedLifetime(porthos) {}
    }

    @Test func replies() async throws {
        let output = Output()
        @Sendable func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }
        let hub = NoticeHub()

        let responder = hub.respond(to: "collision.check", as: "AA101") { notice in
            try notice.value(as: Int.self) == 12
        }
        let replies = try hub.request("collision.check", payload: 12, from: "CX200", as: Bool.self)
        print(replies.map(\.responder), replies.map(\.value))  // [AA101] [Optional(true)]

        let collected = try await hub.collect(
            "collision.check", payload: 12, from: "CX200", as: Bool.self,
            timeout: .milliseconds(200), maxReplies: 5)
        print(collected.asked, collected.values, collected.stopReason)  // 1 [true] allAnswered

        #expect(output.all == ["[AA101] [Optional(true)]", "1 [true] allAnswered"])
        withExtendedLifetime(responder) {}
    }

    @Test func asyncSequences() async throws {
        let output = Output()
        @Sendable func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }
        let hub = NoticeHub()
        let loop = Task {

            let likes = hub.notices(named: "news.liked", buffering: .bufferingNewest(100))
            for await notice in likes {
                print(notice.name, likes.droppedCount)
            }

        }
        while hub.liveObserverCount == 0 { await Task.yield() }
        try hub.post("news.liked")
        try hub.close()
        await loop.value
        #expect(output.all == ["news.liked 0"], "the loop ends once the hub is closed")
    }

    @Test func journal() throws {
        let output = Output()
        @Sendable func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }
        let directory = TemporaryDirectory()
        let path = directory.path("noticehub.sqlite")

        struct ClickCounter: Projection {
            let schema = ProjectionSchema(
                identity: "clicks", version: 1, tables: ["clicks"],
                migrations: [
                    ProjectionMigration(1, "clicks", sql: "CREATE TABLE clicks (page TEXT PRIMARY KEY, count INTEGER NOT NULL)")
                ])
            let names: Set<NoticeName> = ["page.clicked"]

            func apply(_ notice: Notice, to store: any ProjectionStore) throws {
                try store.upsert(into: "clicks", values: ["page": .text(try notice.decode(String.self)), "count": 1],
                                 conflictKey: ["page"], adding: ["count"])
            }
        }

        let site = try NoticeHub(journal: SQLiteJournal(path: path), projections: [ClickCounter()])  // file mode 0600
        let clicked = try site.post("page.clicked", payload: "home")
        print(clicked.sequence!)  // 1

        let count = try site.journal.replay(from: 1)           // through: is optional
        let following = try site.journal.follow()              // other processes' posts, live
        let indexer = try site.journal.subscribe(as: "indexer") { notice in
            print("indexing", notice.sequence!)                // from its saved cursor, then live
        }
        following.cancel(); indexer.cancel()
        try site.close()

        #expect(count == 1)
        #expect(output.all.first == "1")
        let indexed = Array(output.all.dropFirst())
        #expect(indexed == Array(["indexing 1"].prefix(indexed.count)), "in order, from its cursor")
        let reopened = try NoticeHub(journal: SQLiteJournal(path: path), projections: [ClickCounter()])
        try reopened.post("page.clicked", payload: "home")
        #expect(try reopened.journal.readState { try $0.integer("SELECT count FROM clicks WHERE page = 'home'", []) } == 2)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
    }

    @Test func watchingState() throws {
        let output = Output()
        @Sendable func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }
        let directory = TemporaryDirectory()
        struct ClickCounter: Projection {
            let schema = ProjectionSchema(
                identity: "clicks", version: 1, tables: ["clicks"],
                migrations: [
                    ProjectionMigration(1, "clicks", sql: "CREATE TABLE clicks (page TEXT PRIMARY KEY, count INTEGER NOT NULL)")
                ])
            let names: Set<NoticeName> = ["page.clicked"]

            func apply(_ notice: Notice, to store: any ProjectionStore) throws {
                try store.upsert(into: "clicks", values: ["page": .text(try notice.decode(String.self)), "count": 1],
                                 conflictKey: ["page"], adding: ["count"])
            }
        }
        let site = try NoticeHub(journal: SQLiteJournal(path: directory.path("site.sqlite")), projections: [ClickCounter()])
        try site.post("page.clicked", payload: "home")

        let home = try site.journal.observe(ClickCounter()) { store in
            try store.integer("SELECT count FROM clicks WHERE page = 'home'", []) ?? 0
        } onChange: { count in
            print("home clicked", count)                   // at once, then after each change
        }
        try site.post("page.clicked", payload: "home")     // home clicked 2, before post returns
        home.cancel()
        #expect(output.all == ["home clicked 1", "home clicked 2"])
        try site.post("page.clicked", payload: "home")
        #expect(output.all == ["home clicked 1", "home clicked 2"])
    }

    @Test func requestsAcrossProcesses() async throws {
        let output = Output()
        @Sendable func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }
        let directory = TemporaryDirectory()
        let path = directory.path("noticehub.sqlite")

        struct City: Codable, Sendable { var name: String }
        struct Weather: Codable, Sendable { var celsius: Int }

        let station = try NoticeHub(journal: SQLiteJournal(path: path))  // in another process, say
        let answering = try station.respondAcrossProcesses(to: "weather.now", as: "station") { request in
            Weather(celsius: try request.decode(City.self).name == "Lyon" ? 21 : 15)
        }

        let phone = try NoticeHub(journal: SQLiteJournal(path: path))
        let forecast = try await phone.collectAcrossProcesses(
            "weather.now", payload: City(name: "Lyon"), from: "phone", as: Weather.self,
            timeout: .seconds(2))
        print(forecast.values.map(\.celsius), forecast.stopReason)  // [21] allAnswered
        answering.cancel()

        #expect(output.all == ["[21] allAnswered"])
    }

    @Test func aRecordedSessionRebuildsTheFeed() throws {
        let session = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/likes-session.jsonl")  // from noticectl export
        let fixture = try NoticeFixture(contentsOf: session, projections: [LikesProjection()])
        let app = NoticeHub()
        let colleagues = NewsColleagues(hub: app)
        try fixture.replay(into: app) { notice in
            #expect(colleagues.state.feed.allSatisfy { $0.likes >= 0 }, "after \(notice.name)")
        }
        #expect(colleagues.state.feed.map(\.likes) == [2, 0])

        let recorder = NoticeRecorder(app)
        try colleagues.feed.userLikedAllNews("carol")
        let difference = recorder.difference(from: [
            try FixtureNotice(NewsLiked(newsID: 1, user: "carol"), sender: "feed"),
            try FixtureNotice(NewsLiked(newsID: 2, user: "carol"), sender: "feed"),
        ])
        #expect(difference == nil, "\(difference ?? "")")
    }

    #if Postgres
    /// Runs on the test server when there is one (`scripts/pg-test-server`);
    /// the trait build compiles it either way.
    @Test(arguments: PostgresTestServer.available)
    func acrossHosts(server: PostgresTestServer) throws {
        let output = Output()
        @Sendable func print(_ items: Any...) { output.append(items.map { "\($0)" }.joined(separator: " ")) }
        let schema = "readme_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
        let url = server.url + "?schema=" + schema
        let otherHost = try NoticeHub(journal: PostgresJournal(url: url), projections: [LikesProjection()])

        /// The news app on a shared journal: "postgres://user@host:5432/database?schema=news",
        /// its password in $PGPASSWORD or ~/.pgpass (messages and logs never show it).
        func newsHub(at url: String) throws -> NoticeHub {
            try NoticeHub(journal: PostgresJournal(url: url), projections: [LikesProjection()])
        }

        let news = try newsHub(at: url)
        try news.post(NewsPublished(id: 1, title: "News1"), sender: "editor")
        let everyHost = try news.journal.follow()  // what any host posts, as it commits
        let indexer = try news.journal.subscribe(as: "indexer") { notice in
            print("indexing", notice.sequence!)  // one indexer runs, on one host at a time
        }

        let seen = Output()
        let watcher = news.observe(NewsLiked.self) { liked, _ in seen.append(liked.user) }
        try otherHost.post(NewsLiked(newsID: 1, user: "alice"), sender: "feed")
        #expect(eventually { !seen.all.isEmpty && output.all.count >= 2 })
        #expect(seen.all == ["alice"], "the other host's like arrived by following")
        #expect(output.all == ["indexing 1", "indexing 2"])
        #expect(throws: JournalError.subscriberBusy("indexer")) { try otherHost.journal.subscribe(as: "indexer") { _ in } }
        everyHost.cancel()
        indexer.cancel()
        watcher.cancel()
        #expect(try NewsStore.storedState(of: otherHost).feed == [NewsItem(id: 1, title: "News1", likes: 1)])
        try PostgresSession(PostgresSettings(url: PostgresURL(server.url))).script("DROP SCHEMA \(schema) CASCADE")
    }
    #endif

    @Test func everySwiftSampleInTheReadmeIsCompiledHere() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let here = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        // The own-tool sample is an executable's `@main`: the fresh package of
        // scripts/own-noticectl-test builds and runs it.
        let script = try String(contentsOf: root.appendingPathComponent("scripts/own-noticectl-test"), encoding: .utf8)
        let compiled = (Self.normalized(here) + Self.normalized(script)).joined(separator: "\n")
        let samples = readme.components(separatedBy: "```swift\n").dropFirst()
            .map { $0.components(separatedBy: "```").first ?? "" }
        #expect(samples.count >= 7)
        for sample in samples {
            let lines = Self.normalized(sample).filter { !$0.hasPrefix("import ") }
            #expect(compiled.contains(lines.joined(separator: "\n")), "README sample not compiled here:\n\(sample)")
        }
    }

    /// Lines without indentation, blank lines dropped.
    static func normalized(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
