import Foundation
import NoticeHub
import Testing
import TestSupport

/// One durable subscriber per name at a time, whichever hub asks; the name
/// is free again as soon as the running one is done with its cursor.
struct DurableSubscriberClaimTests {
    private static let busy = #"durable subscriber "indexer" is already running, in this process or another"#

    @Test func aSecondSubscriberOfTheSameNameIsRefusedWhileTheFirstRuns() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("j.sqlite")
        let hub = try NoticeHub(journal: SQLiteJournal(path: path))
        let other = try NoticeHub(journal: SQLiteJournal(path: path))
        let running = try hub.journal.subscribe(as: "indexer") { _ in }
        for asking in [hub, other] {
            #expect { try asking.journal.subscribe(as: "indexer") { _ in } } throws: { "\($0)" == Self.busy }
        }
        let mailer = try other.journal.subscribe(as: "mailer") { _ in }
        // A journal in another file is another namespace.
        let elsewhere = try NoticeHub(journal: SQLiteJournal(path: directory.path("k.sqlite")))
        let separate = try elsewhere.journal.subscribe(as: "indexer") { _ in }
        withExtendedLifetime([running, mailer, separate]) {}
    }

    @Test func cancellingOrDroppingTheTokenFreesTheName() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")))
        let first = try hub.journal.subscribe(as: "indexer") { _ in }
        first.cancel()
        try {
            let second = try hub.journal.subscribe(as: "indexer") { _ in }
            withExtendedLifetime(second) {}
        }()
        let third = try hub.journal.subscribe(as: "indexer") { _ in }
        third.cancel()
    }

    @Test func aRefusedSubscriberChangesNothing() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")))
        for index in 0..<3 { try hub.post("n", payload: index) }
        let seen = Recorder<Int>()
        let running = try hub.journal.subscribe(as: "indexer") { seen.append(try! $0.decode(Int.self)) }
        try #require(eventually { seen.count == 3 })
        let refusedSaw = Recorder<Int>()
        #expect(throws: JournalError.subscriberBusy("indexer")) {
            try hub.journal.subscribe(as: "indexer") { refusedSaw.append(try! $0.decode(Int.self)) }
        }
        running.cancel()
        // The cursor is the running one's: a successor starts after it.
        try hub.post("n", payload: 3)
        let successor = try hub.journal.subscribe(as: "indexer") { seen.append(try! $0.decode(Int.self)) }
        try #require(eventually { seen.count == 4 })
        successor.cancel()
        #expect(seen.elements == [0, 1, 2, 3])
        #expect(refusedSaw.count == 0)
    }
}
