import Foundation
import NoticeHub
import Testing
import TestSupport

/// `journal.resetSubscriber(_:to:)`: a durable subscriber goes on from the
/// position it is moved to, stopped or running.
struct SubscriberResetTests {
    func journaled(_ count: Int, in directory: TemporaryDirectory) throws -> NoticeHub {
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")))
        for index in 1...count { try hub.post("tick", payload: index) }
        return hub
    }

    /// Runs `subscriber` until it has delivered through the journal's last
    /// notice, and returns the sequences it delivered.
    func delivered(by subscriber: String, on hub: NoticeHub) throws -> [Int64] {
        let seen = Seen<Int64>()
        let last = try hub.journal.lastSequence()
        let subscription = try hub.journal.subscribe(as: subscriber) { seen.append($0.sequence!) }
        #expect(
            try eventually { try hub.journal.statistics().subscribers.first { $0.name == subscriber }?.cursor == last })
        subscription.cancel()
        return seen.all
    }

    @Test func aSubscriberGoesOnFromTheSequenceItWasMovedTo() throws {
        let directory = TemporaryDirectory()
        let hub = try journaled(5, in: directory)
        #expect(try delivered(by: "indexer", on: hub) == [1, 2, 3, 4, 5])
        #expect(try hub.journal.resetSubscriber("indexer", to: .sequence(3)) == 2)
        #expect(try delivered(by: "indexer", on: hub) == [3, 4, 5])
        #expect(try hub.journal.resetSubscriber("indexer", to: .end) == 5)
        try hub.post("tick", payload: 6)
        #expect(try delivered(by: "indexer", on: hub) == [6])
    }

    @Test func aSubscriberThatNeverRanIsCreatedAtItsCursor() throws {
        let directory = TemporaryDirectory()
        let hub = try journaled(3, in: directory)
        try hub.journal.resetSubscriber("mailer", to: .end)
        #expect(try hub.journal.statistics().subscribers.map(\.name) == ["mailer"])
        try hub.post("tick", payload: 4)
        #expect(try delivered(by: "mailer", on: hub) == [4])
    }

    @Test func aTimeFindsTheFirstNoticePostedAtOrAfterIt() throws {
        let directory = TemporaryDirectory()
        let hub = try journaled(40, in: directory)
        var posted: [(sequence: Int64, at: Int64)] = []
        try hub.journal.read(JournalQuery()) { notice in
            posted.append((notice.sequence!, notice.postedAtMilliseconds))
            return true
        }
        for probe in [posted[0], posted[17], posted[39]] {
            let time = Date(timeIntervalSince1970: Double(probe.at) / 1000)
            let expected = posted.first { $0.at >= probe.at }!.sequence
            #expect(try hub.journal.resetSubscriber("indexer", to: .time(time)) == expected - 1)
        }
        let later = Date(timeIntervalSince1970: Double(posted[39].at + 1) / 1000)
        #expect(try hub.journal.resetSubscriber("indexer", to: .time(later)) == 40)
    }

    @Test func aRunningSubscriberIsMovedAtItsNextBatch() throws {
        let directory = TemporaryDirectory()
        let hub = try journaled(3, in: directory)
        let seen = Seen<Int64>()
        let running = try hub.journal.subscribe(as: "indexer") { seen.append($0.sequence!) }
        #expect(eventually { seen.all == [1, 2, 3] })
        #expect(try hub.journal.resetSubscriber("indexer", to: .sequence(2)) == 1)
        #expect(eventually { seen.all == [1, 2, 3, 2, 3] })
        running.cancel()
        #expect(try hub.journal.statistics().subscribers.map(\.cursor) == [3])
    }

    @Test func positionsOutsideTheJournalAreRefusedAndChangeNothing() throws {
        let directory = TemporaryDirectory()
        let hub = try journaled(6, in: directory)
        try hub.journal.resetSubscriber("indexer", to: .sequence(4))
        try hub.journal.trim(through: 2, leavingSubscribersBehind: true)
        #expect(throws: JournalError.trimmed(from: 2, firstRetained: 3)) {
            try hub.journal.resetSubscriber("indexer", to: .sequence(2))
        }
        #expect(throws: JournalError.beyondLast(8, last: 6)) {
            try hub.journal.resetSubscriber("indexer", to: .sequence(8))
        }
        #expect(try hub.journal.statistics().subscribers.first?.cursor == 3)
        #expect(try hub.journal.resetSubscriber("indexer", to: .sequence(7)) == 6)
    }
}
