import Dispatch
import NoticeHub
import Testing
import TestSupport

/// `hub.journal.observe(_:…)` and `values(of:)`: a value read from a
/// projection's tables, delivered at once and again after each commit that
/// changed it, whoever made the commit.
struct StateObservationTests {
    /// Counts clicks per page; version 2 counts each click `weight` times.
    struct Clicks: Projection {
        var version = 1
        var weight: Int64 = 1
        var schema: ProjectionSchema {
            ProjectionSchema(
                identity: "clicks", version: version, tables: ["clicks"],
                migrations: [
                    ProjectionMigration(
                        1, "clicks", sql: "CREATE TABLE clicks (page TEXT PRIMARY KEY, count INTEGER NOT NULL)")
                ])
        }
        let names: Set<NoticeName> = ["page.clicked"]

        func apply(_ notice: Notice, to store: any ProjectionStore) throws {
            try store.upsert(
                into: "clicks", values: ["page": .text(try notice.decode(String.self)), "count": .integer(weight)],
                conflictKey: ["page"], adding: ["count"])
        }
    }

    /// Another projection, whose commits must not read `Clicks` again.
    struct Visits: Projection {
        let schema = ProjectionSchema(
            identity: "visits", version: 1, tables: ["visits"],
            migrations: [ProjectionMigration(1, "visits", sql: "CREATE TABLE visits (page TEXT)")])
        let names: Set<NoticeName> = ["page.visited"]

        func apply(_ notice: Notice, to store: any ProjectionStore) throws {
            try store.execute("INSERT INTO visits (page) VALUES (?)", [.text(try notice.decode(String.self))])
        }
    }

    static func total(_ store: any ProjectionStore) throws -> Int64 {
        try store.integer("SELECT coalesce(sum(count), 0) FROM clicks", []) ?? 0
    }

    static func clicks(on page: String) -> @Sendable (any ProjectionStore) throws -> Int64 {
        { store in try store.integer("SELECT count FROM clicks WHERE page = ?", [.text(page)]) ?? 0 }
    }

    func openHub(_ directory: TemporaryDirectory, durability: Durability = .always) throws -> NoticeHub {
        try NoticeHub(
            journal: SQLiteJournal(path: directory.path("j.sqlite")), durability: durability,
            projections: [Clicks(), Visits()])
    }

    @Test func theFirstValueArrivesBeforeObserveReturnsAndEachCommitThatChangesItOnThePostingThread() throws {
        let directory = TemporaryDirectory()
        let hub = try openHub(directory)
        try hub.post("page.clicked", payload: "home")
        let seen = Seen<Int64>()
        let token = try hub.journal.observe(Clicks(), reading: Self.total) { seen.append($0) }
        #expect(seen.all == [1])
        try hub.post("page.clicked", payload: "home")
        #expect(seen.all == [1, 2]) // before the post returned
        try hub.post("page.clicked", payload: "about")
        #expect(seen.all == [1, 2, 3])
        token.cancel()
        try hub.post("page.clicked", payload: "home")
        #expect(seen.all == [1, 2, 3])
    }

    @Test func equalValuesAreNotDeliveredAgain() throws {
        let directory = TemporaryDirectory()
        let hub = try openHub(directory)
        let seen = Seen<Int64>()
        let token = try hub.journal.observe(Clicks(), reading: Self.clicks(on: "home")) { seen.append($0) }
        try hub.post("page.clicked", payload: "about") // applied, but the value read stays 0
        try hub.post("page.clicked", payload: "home")
        try hub.post("page.clicked", payload: "about")
        #expect(seen.all == [0, 1])
        token.cancel()
    }

    @Test func commitsOfOtherProjectionsDoNotReadAgain() throws {
        let directory = TemporaryDirectory()
        let hub = try openHub(directory)
        let reads = Seen<Int64>()
        let token = try hub.journal.observe(
            Clicks(),
            reading: { store in
                let total = try Self.total(store)
                reads.append(total)
                return total
            }, onChange: { _ in })
        for _ in 0..<5 { try hub.post("page.visited", payload: "home") }
        try hub.post("unrelated")
        #expect(reads.all == [0])
        try hub.post("page.clicked", payload: "home")
        #expect(reads.all == [0, 1])
        token.cancel()
    }

    @Test func aBatchedHubDeliversWhenItsTransactionCommits() throws {
        let directory = TemporaryDirectory()
        let hub = try openHub(directory, durability: .batched(maxDelay: .seconds(60)))
        let seen = Seen<Int64>()
        let token = try hub.journal.observe(Clicks(), reading: Self.total) { seen.append($0) }
        try hub.post("page.clicked", payload: "home")
        try hub.post("page.clicked", payload: "home")
        #expect(seen.all == [0]) // not committed yet
        try hub.journal.flush()
        #expect(seen.all == [0, 2])
        token.cancel()
    }

    @Test func anotherHubsCommitsReachTheObserver() throws {
        let directory = TemporaryDirectory()
        let hub = try openHub(directory)
        let seen = Seen<Int64>()
        let token = try hub.journal.observe(Clicks(), reading: Self.total) { seen.append($0) }
        let other = try openHub(directory)
        try other.post("page.clicked", payload: "home")
        try other.post("page.clicked", payload: "home")
        #expect(eventually { seen.all.last == 2 })
        #expect(seen.all.first == 0)
        #expect(seen.all == seen.all.sorted() && Set(seen.all).count == seen.all.count)
        token.cancel()
    }

    @Test func aRebuildInAnotherHubReachesTheObserver() throws {
        let directory = TemporaryDirectory()
        let hub = try openHub(directory)
        for _ in 0..<3 { try hub.post("page.clicked", payload: "home") }
        let seen = Seen<Int64>()
        let token = try hub.journal.observe(Clicks(), reading: Self.total) { seen.append($0) }
        // Opening a hub with version 2 rebuilds the state from the journal.
        let other = try NoticeHub(
            journal: SQLiteJournal(path: directory.path("j.sqlite")), projections: [Clicks(version: 2, weight: 2)])
        #expect(other.journal.openingRebuilds.count == 1)
        #expect(eventually { seen.all == [3, 6] })
        token.cancel()
    }

    @Test func anImportThisHubMakesIsDeliveredBeforeItReturns() throws {
        let directory = TemporaryDirectory()
        let sourceDirectory = TemporaryDirectory()
        let source = try openHub(sourceDirectory)
        for page in ["home", "about"] { try source.post("page.clicked", payload: page) }
        var lines: [String] = []
        try source.journal.read(JournalQuery()) { notice in
            lines.append(try NoticeLine.encode(notice))
            return true
        }
        let hub = try openHub(directory)
        let seen = Seen<Int64>()
        let token = try hub.journal.observe(Clicks(), reading: Self.total) { seen.append($0) }
        #expect(try hub.journal.importNotices(lines).imported == 2)
        #expect(seen.all == [0, 2])
        token.cancel()
    }

    @Test func aTrimThatKeepsTheStateDeliversNothingNew() throws {
        let directory = TemporaryDirectory()
        let hub = try openHub(directory)
        for _ in 0..<4 { try hub.post("page.clicked", payload: "home") }
        let seen = Seen<Int64>()
        let token = try hub.journal.observe(Clicks(), reading: Self.total) { seen.append($0) }
        try hub.journal.trim(through: 2)
        try hub.post("page.clicked", payload: "home")
        #expect(seen.all == [4, 5])
        token.cancel()
    }

    @Test func aRemovedProjectionEndsTheObservationWithTheReadsError() throws {
        let directory = TemporaryDirectory()
        let hub = try openHub(directory)
        let failures = Seen<String>()
        let seen = Seen<Int64>()
        let token = try hub.journal.observe(
            Clicks(), reading: Self.total, onFailure: { failures.append("\($0)") }, onChange: { seen.append($0) })
        try hub.close()
        let without = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")), projections: [Visits()])
        #expect(try without.journal.removeProjection(Clicks()))
        #expect(eventually { failures.all.count == 1 })
        #expect(failures.all[0].contains("clicks"))
        #expect(token.isCancelled)
        #expect(seen.all == [0])
    }

    @Test func aReadThatThrowsAtFirstThrowsFromObserve() throws {
        let directory = TemporaryDirectory()
        let hub = try openHub(directory)
        #expect(throws: JournalError.self) {
            try hub.journal.observe(
                Clicks(), reading: { try $0.integer("SELECT count FROM no_such_table", []) ?? 0 }, onChange: { _ in })
        }
        #expect(throws: JournalError.noJournal) {
            try NoticeHub().journal.observe(Clicks(), reading: Self.total) { _ in }
        }
    }

    @Test func aReadThatThrowsLaterEndsTheObservationOnce() throws {
        struct TooMany: Error {}
        let directory = TemporaryDirectory()
        let hub = try openHub(directory)
        let failures = Seen<String>()
        let seen = Seen<Int64>()
        let token = try hub.journal.observe(
            Clicks(),
            reading: { store in
                let total = try Self.total(store)
                if total > 1 { throw TooMany() }
                return total
            }, onFailure: { failures.append("\($0)") }, onChange: { seen.append($0) })
        for _ in 0..<3 { try hub.post("page.clicked", payload: "home") }
        #expect(seen.all == [0, 1])
        #expect(failures.all == ["TooMany()"])
        #expect(token.isCancelled)
    }

    @Test func aHandlerThatPostsSeesTheValueItsPostMadeAfterItReturns() throws {
        let directory = TemporaryDirectory()
        let hub = try openHub(directory)
        let seen = Seen<Int64>()
        let token = try hub.journal.observe(Clicks(), reading: Self.total) { total in
            seen.append(total)
            if total == 1 { _ = try? hub.post("page.clicked", payload: "again") }
        }
        try hub.post("page.clicked", payload: "home")
        #expect(seen.all == [0, 1, 2])
        token.cancel()
    }

    @Test func postersOnSeveralThreadsEndWithTheFinalValueInOrder() throws {
        let directory = TemporaryDirectory()
        let hub = try openHub(directory)
        let seen = Seen<Int64>()
        let token = try hub.journal.observe(Clicks(), reading: Self.total) { seen.append($0) }
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<50 { _ = try? hub.post("page.clicked", payload: "home") }
        }
        #expect(eventually { seen.all.last == 200 })
        #expect(seen.all.first == 0)
        #expect(seen.all == seen.all.sorted() && Set(seen.all).count == seen.all.count)
        token.cancel()
    }

    @Test func aQueueGetsTheNewestValueInOrder() throws {
        let directory = TemporaryDirectory()
        let hub = try openHub(directory)
        let queue = DispatchQueue(label: "state")
        let seen = Seen<Int64>()
        let token = try hub.journal.observe(Clicks(), scheduling: .queue(queue), reading: Self.total) { total in
            dispatchPrecondition(condition: .onQueue(queue))
            seen.append(total)
        }
        for _ in 0..<20 { try hub.post("page.clicked", payload: "home") }
        #expect(eventually { seen.all.last == 20 })
        // The newest value only: those it replaced never arrive, and none twice.
        #expect(seen.all == seen.all.sorted() && Set(seen.all).count == seen.all.count)
        token.cancel()
    }

    @MainActor @Test func onTheMainActorTheFirstValueIsSetBeforeObserveReturns() async throws {
        let directory = TemporaryDirectory()
        let hub = try openHub(directory)
        final class Model {
            var total: Int64 = -1
        }
        let model = Model()
        let token = try hub.journal.observe(Clicks(), on: MainActor.self, reading: Self.total) { total in
            MainActor.assertIsolated()
            model.total = total
        }
        #expect(model.total == 0)
        try await Task.detached { _ = try hub.post("page.clicked", payload: "home") }.value
        #expect(await eventually { model.total == 1 })
        token.cancel()
        try hub.post("page.clicked", payload: "home")
        try await Task.detached { _ = try hub.post("page.clicked", payload: "home") }.value
        await Task.yield()
        #expect(model.total == 1)
    }

    @Test func valuesIsAnAsyncSequenceThatEndsWithItsLoop() async throws {
        let directory = TemporaryDirectory()
        let hub = try openHub(directory)
        let values = hub.journal.values(of: Clicks(), reading: Self.total)
        var seen: [Int64] = []
        for try await total in values {
            seen.append(total)
            if total == 2 { break }
            try hub.post("page.clicked", payload: "home")
        }
        #expect(seen == [0, 1, 2])
        await #expect(throws: JournalError.noJournal) {
            for try await _ in NoticeHub().journal.values(of: Clicks(), reading: Self.total) {}
        }
    }
}
