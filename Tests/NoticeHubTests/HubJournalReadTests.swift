import NoticeHub
import Synchronization
import Testing
import TestSupport

/// A hub's reads go through the connections its ``HubJournal`` keeps:
/// reading does not connect anew on every call.
struct HubJournalReadTests {
    /// A SQLite journal that counts the connections asked of it.
    final class CountingJournal: NoticeJournal {
        let base: SQLiteJournal
        let connections = Atomic<Int>(0)

        init(_ base: SQLiteJournal) {
            self.base = base
        }

        var location: String { base.location }

        func connect(durability: Durability) throws -> any JournalConnection {
            connections.add(1, ordering: .relaxed)
            return try base.connect(durability: durability)
        }

        func claimSubscriber(_ subscriber: String) throws -> any SubscriberClaim {
            try base.claimSubscriber(subscriber)
        }
    }

    @Test func readsReuseTheReadersConnections() throws {
        let scratch = TemporaryDirectory()
        let journal = CountingJournal(try SQLiteJournal(path: scratch.path("journal.sqlite")))
        let hub = try NoticeHub(journal: journal)
        try hub.post("first")
        let afterOpening = journal.connections.load(ordering: .relaxed)
        for _ in 0..<50 {
            #expect(try hub.journal.lastSequence() == 1)
            #expect(try hub.journal.statistics().notices == 1)
            #expect(try hub.journal.readState { try $0.integer("SELECT count(*) FROM notices", []) } == 1)
        }
        #expect(journal.connections.load(ordering: .relaxed) - afterOpening == 1, "one connection for 150 reads")
    }

    @Test func aReadInsideAReadTakesAConnectionOfItsOwn() throws {
        let scratch = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: scratch.path("journal.sqlite")))
        for name in ["a", "b", "c"] { try hub.post(NoticeName(validating: name)) }
        var pairs: [String] = []
        try hub.journal.read(JournalQuery()) { notice in
            pairs.append("\(notice.name) of \(try hub.journal.lastSequence())")
            return true
        }
        #expect(pairs == ["a of 3", "b of 3", "c of 3"])
    }

    @Test func anInMemoryHubHasNoJournalToRead() {
        #expect(throws: JournalError.noJournal) { try NoticeHub().journal.lastSequence() }
    }
}
