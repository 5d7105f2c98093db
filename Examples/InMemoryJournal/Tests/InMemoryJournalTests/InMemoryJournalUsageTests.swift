import InMemoryJournal
import NoticeHub
import Synchronization
import Testing

/// The backend as an app would use it: hubs on journal objects of one
/// storage, posting and replaying.
struct InMemoryJournalUsageTests {
    struct Order: Codable, Sendable, Equatable {
        var id: Int
        var item: String
    }

    @Test func aReopenedHubReplaysWhatWasPosted() throws {
        let storage = InMemoryStorage(name: "orders")
        let hub = try NoticeHub(journal: InMemoryJournal(storage))
        let placed = try hub.post("order.placed", sender: "shop", payload: Order(id: 1, item: "tea"))
        try hub.post("order.shipped", payload: Order(id: 1, item: "tea"))
        try hub.close()

        let reopened = try NoticeHub(journal: InMemoryJournal(storage))
        let replayed = Mutex<[Notice]>([])
        let token = reopened.observe(nil) { notice in replayed.withLock { $0.append(notice) } }
        #expect(try reopened.journal.replay() == 2)
        let notices = replayed.withLock { $0 }
        #expect(notices.map(\.name) == ["order.placed", "order.shipped"])
        #expect(notices.map(\.sequence) == [1, 2])
        #expect(notices.allSatisfy { $0.isReplay })
        #expect(notices.first?.id == placed.id && notices.first?.sender == "shop")
        #expect(try notices.last?.decode(Order.self) == Order(id: 1, item: "tea"))
        #expect(try reopened.journal.statistics().notices == 2)
        withExtendedLifetime(token) {}
    }

    @Test func aRolledBackTransactionLeavesNoGap() throws {
        let journal = InMemoryJournal()
        let hub = try NoticeHub(journal: journal)
        try hub.post("before")
        let connection = try journal.connect(durability: .always)
        try connection.beginAppending()
        let dropped = Notice(
            stored: .next(), name: "dropped", sender: nil, postedAtMilliseconds: 0,
            payloadJSON: Array("{}".utf8), sequence: 0)
        let record = JournalRecord(notice: dropped, payloadJSON: "{}")
        #expect(try connection.append(record, projections: []) == .appended(2))
        #expect(try connection.lastSequence() == 2, "a transaction sees its own appends")
        #expect(try hub.journal.lastSequence() == 1, "others see them at the commit")
        connection.rollbackAppending()
        try hub.post("after")
        var names: [NoticeName] = []
        try hub.journal.read(JournalQuery()) {
            names.append($0.name)
            return true
        }
        #expect(names == ["before", "after"])
        #expect(try hub.journal.lastSequence() == 2)
    }

    @Test func aHubCarryingProjectionsIsRefusedClearly() throws {
        struct Counts: Projection {
            let schema = ProjectionSchema(
                identity: "test.counts", tables: ["counts"],
                migrations: [ProjectionMigration(1, "counts", sql: "CREATE TABLE counts (n INTEGER)")])
            let names: Set<NoticeName> = ["counted"]
            func apply(_ notice: Notice, to store: any ProjectionStore) throws {}
        }
        #expect {
            try NoticeHub(journal: InMemoryJournal(), projections: [Counts()])
        } throws: { error in
            "\(error)".contains("keeps no projections' state")
        }
    }

    @Test func rowsTheLibraryWouldNotWriteAreFoundByTheRowCheck() throws {
        let journal = InMemoryJournal()
        let connection = try journal.connect(durability: .always)
        func record(_ name: NoticeName, postedAt: Int64 = 1_764_115_200_000, payload: String) -> JournalRecord {
            let notice = Notice(
                stored: .next(), name: name, sender: nil, postedAtMilliseconds: postedAt,
                payloadJSON: Array(payload.utf8), sequence: 0)
            return JournalRecord(notice: notice, payloadJSON: payload)
        }
        // Straight through a connection, past every check a hub makes.
        for bad in [
            record("fine", payload: #"{"n":1}"#), record("not.json", payload: "{oops"),
            record("two.lines", payload: "[1,\n2]"), record("spills", payload: #"1,"sender":"x""#),
            record("ancient", postedAt: -70_000_000_000_000, payload: "{}"),
        ] {
            _ = try connection.append(bad, projections: [])
        }
        let hub = try NoticeHub(journal: InMemoryJournal(journal.storage))
        let found = try hub.journal.malformedRows()
        #expect(found.count == 4)
        let rows = found.listed.filter { $0.code == .malformedRow }.compactMap(\.sequence)
        #expect(rows == [2, 3, 4, 5])
        #expect(found.listed[1].description == "journal row #3: payload is not on one line")
        var query = JournalQuery()
        query.checksRows = true
        #expect(throws: JournalError.self) { try hub.journal.read(query) { _ in true } }
        var unchecked = 0
        try hub.journal.read(JournalQuery()) { _ in
            unchecked += 1
            return true
        }
        #expect(unchecked == 5, "a read that does not check rows hands every row on")
    }
}
