import Dispatch
import Foundation
import NoticeHub
import Synchronization
import Testing

/// Code written for NoticeHub 0.2, unchanged: each call below is a spelling
/// 0.3 deprecated, and each still does what it did.
struct OldSpellingsTests {
    final class Heard: Sendable {
        private let items = Mutex<[String]>([])
        func append(_ item: String) { items.withLock { $0.append(item) } }
        var all: [String] { items.withLock { $0 } }
    }

    struct Clicks: Projection {
        let schema = ProjectionSchema(
            identity: "clicks", version: 1, tables: ["clicks"],
            migrations: [
                ProjectionMigration(1, "clicks", sql: "CREATE TABLE clicks (page TEXT PRIMARY KEY, n INTEGER)")
            ])
        let names: Set<NoticeName> = ["page.clicked"]
        func apply(_ notice: Notice, to store: any ProjectionStore) throws {
            try store.upsert(
                into: "clicks", values: ["page": .text(try notice.decode(String.self)), "n": 1],
                conflictKey: ["page"], adding: ["n"])
        }
    }

    final class Colleague: Sendable {
        let heard = Heard()
    }

    @Test func theJournalsToolsOnTheHub() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("j.sqlite").path
        let hub = try NoticeHub(
            journal: SQLiteJournal(path: path), durability: .batched(maxDelay: .seconds(60)), projections: [Clicks()])
        #expect(hub.projections.map(\.schema.identity) == ["clicks"])
        #expect(hub.openingRebuilds.isEmpty)
        for page in ["home", "about", "home"] { try hub.post("page.clicked", payload: page) }
        try hub.flush()
        let reader: JournalReader = hub.journal
        #expect(try reader.lastSequence() == 3)

        let heard = Heard()
        let token = hub.observe("page.clicked") { heard.append("\($0.sequence ?? 0)") }
        #expect(try hub.replay(from: 2) == 2)
        #expect(heard.all == ["2", "3"])
        let following = try hub.follow()
        let indexed = Heard()
        let indexer = try hub.subscribeDurably(as: "indexer") { indexed.append("\($0.sequence ?? 0)") }
        let tailing = try hub.followJournal(JournalQuery()) { _ in }
        following.cancel()
        indexer.cancel()
        tailing.cancel()

        #expect(try hub.projectionDifferences(Clicks()) == [])
        #expect(try hub.withScratchReplay(of: Clicks()) { _ in 1 }.result == 1)
        #expect(try hub.projectionStates(asOf: 3).map(\.identity) == ["clicks"])
        #expect(try hub.rebuildProjection("clicks").replayed == 3)
        try hub.saveVerifiedCheckpoint(3)
        #expect(try hub.journal.verifiedCheckpoint() == 3)
        try hub.setRetentionPolicy(RetentionPolicy(maxCount: 2))
        #expect(try hub.applyRetention().trim?.removed == 1)
        #expect(try hub.trim(through: 2, batchSize: NoticeHub.trimBatchSize).firstRetained == 3)
        let other = try NoticeHub(journal: SQLiteJournal(path: directory.appendingPathComponent("k.sqlite").path))
        #expect(try other.importNotices([#"{"name":"a.b"}"#]).imported == 1)
        let retention = try hub.applyRetention(every: .seconds(3_600))
        retention.cancel()
        token.cancel()
    }

    @Test func theObserveAndRespondOverloads() async throws {
        let hub = NoticeHub()
        let colleague = Colleague()
        hub.observe("x", owner: colleague) { colleague, notice in colleague.heard.append(notice.name.rawValue) }
        let queue = DispatchQueue(label: "old")
        let onQueue = Heard()
        let queued = hub.observe("x", queue: queue) { onQueue.append($0.name.rawValue) }
        hub.respond(to: "q", as: "owned", owner: colleague) { _, _ in 7 }
        try hub.post("x")
        #expect(colleague.heard.all == ["x"])
        #expect(try hub.request("q", payload: 0, from: "me", as: Int.self).map(\.value) == [7])
        queue.sync {}
        #expect(onQueue.all == ["x"])
        #expect(hub.observerCount == 2 && hub.responderCount == 1)
        #expect(hub.deliveryTargetCount(for: "x", sender: nil) == 2)
        hub.reclaimOrphans()
        #expect(!NoticeHub.version.isEmpty && NoticeHub.defaultPayloadLimit == 1 << 20)
        #expect(NoticeHub.lostConnectionRetryLimit == .seconds(10))
        queued.cancel()
    }
}
