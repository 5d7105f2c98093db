import Foundation
@testable import NoticeHub
import Synchronization
import Testing
import TestSupport
import NoticeSQLite

struct JournalTests {
    struct Move: Codable, Sendable, Equatable {
        var plane: String
        var distance: Int
    }

    @Test(arguments: [Durability.always, .batched(maxDelay: .milliseconds(20)), .never])
    func noticesSurviveReopeningAndReplayInOrder(durability: Durability) throws {
        let directory = TemporaryDirectory()
        let path = directory.path("journal.sqlite")
        var posted: [Notice] = []
        do {
            let hub = try NoticeHub(journal: SQLiteJournal(path: path), durability: durability)
            let delivered = Recorder<Int64>()
            let token = hub.observe(nil) { delivered.append($0.sequence ?? -1) }
            for index in 0..<50 {
                posted.append(try hub.post("plane.moved", sender: "BA706", payload: Move(plane: "BA706", distance: index)))
            }
            posted.append(try hub.post("plane.landed"))
            #expect(delivered.elements == Array(1...51), "delivery sees the journal's sequence numbers")
            try hub.close()
            withExtendedLifetime(token) {}
        }
        let reopened = try NoticeHub(journal: SQLiteJournal(path: path))
        let replayed = Recorder<Notice>()
        let token = reopened.observe(nil) { replayed.append($0) }
        #expect(try reopened.replay() == 51)
        let notices = replayed.elements
        #expect(notices.map(\.id) == posted.map(\.id))
        #expect(notices.map(\.sequence) == posted.map(\.sequence))
        #expect(notices.map(\.name) == posted.map(\.name))
        #expect(notices.map(\.sender) == posted.map(\.sender))
        #expect(notices.map(\.postedAtMilliseconds) == posted.map(\.postedAtMilliseconds))
        #expect(notices.allSatisfy { $0.isReplay })
        #expect(try notices[7].decode(Move.self) == Move(plane: "BA706", distance: 7))
        #expect(try notices[50].payloadJSON() == "{}")
        withExtendedLifetime(token) {}
    }

    @Test func replaySelectsARangeAndNames() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")))
        for index in 0..<30 { try hub.post(index % 3 == 0 ? "a" : "b", payload: index) }
        let seen = Recorder<Int64>()
        let token = hub.observe(nil) { seen.append($0.sequence!) }
        #expect(try hub.replay(from: 5, through: 20, names: ["a"]) == 5)
        #expect(seen.elements == [7, 10, 13, 16, 19])
        withExtendedLifetime(token) {}
    }

    @Test func postsMadeDuringAReplayAreNeitherJournaledNorDelivered() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")))
        let shipped = Recorder<Bool>()
        let reactor = hub.observe("order.placed") { _ in _ = try? hub.post("order.shipped") }
        let watcher = hub.observe("order.shipped") { shipped.append($0.isReplay) }
        try hub.post("order.placed")
        #expect(try hub.lastSequence() == 2, "live: the reaction was journaled")
        #expect(try hub.replay() == 2)
        #expect(try hub.lastSequence() == 2, "replay wrote nothing")
        #expect(shipped.elements == [false, true], "the replayed reaction came from the journal, once")
        withExtendedLifetime((reactor, watcher)) {}
    }

    /// A replay reuses the observers it found while names and senders repeat;
    /// observers that handlers add or cancel meanwhile still count from the
    /// next notice on.
    @Test func observersChangedDuringAReplayCountFromTheNextNotice() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")))
        for index in 0..<4 { try hub.post("tick", sender: "clock", payload: ["i": index]) }
        let seen = Recorder<String>()
        let late = Mutex<Subscription?>(nil)
        let early = Mutex<Subscription?>(nil)
        let changer = hub.observe("tick") { notice in
            let index = (try? notice.decode([String: Int].self))?["i"] ?? -1
            if index == 1 {
                late.locked { $0 = hub.observe("tick") { seen.append("late \((try? $0.decode([String: Int].self))?["i"] ?? -1)") } }
            }
            if index == 2 { early.locked { $0?.cancel() } }
        }
        early.locked { $0 = hub.observe("tick", sender: "clock") { seen.append("early \((try? $0.decode([String: Int].self))?["i"] ?? -1)") } }
        #expect(try hub.replay() == 4)
        #expect(seen.elements == ["early 0", "early 1", "late 2", "late 3"])
        withExtendedLifetime(changer) {}
        late.locked { $0?.cancel() }
    }

    @Test func appendsAreIdempotentByNoticeID() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")))
        let calls = Recorder<Int>()
        let token = hub.observe("x") { _ in calls.append(1) }
        let notice = Notice(name: "x", sender: nil, payload: .json(#"{"a":1}"#))
        let first = try hub.post(notice)
        let again = try hub.post(notice)
        #expect(first.sequence == 1 && again.sequence == 1)
        #expect(try hub.lastSequence() == 1)
        #expect(calls.count == 1, "a duplicate is not delivered again")
        withExtendedLifetime(token) {}
    }

    @Test func concurrentDurablePostersShareCommitsAndLoseNothing() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")))
        let threads = 8, perThread = 100
        let group = DispatchGroup()
        for thread in 0..<threads {
            group.enter()
            Thread {
                for index in 0..<perThread {
                    _ = try! hub.post("work", sender: Sender(stringLiteral: "t\(thread)"), payload: index)
                }
                group.leave()
            }.start()
        }
        group.wait()
        var perSender: [Sender: [Int]] = [:]
        var sequences: [Int64] = []
        try hub.readJournal(JournalQuery()) { notice in
            sequences.append(notice.sequence!)
            perSender[notice.sender!, default: []].append(try notice.decode(Int.self))
            return true
        }
        #expect(sequences == Array(1...Int64(threads * perThread)))
        for (_, values) in perSender { #expect(values == Array(0..<perThread)) }
        let shared = hub.groupCommits
        #expect(shared.notices == threads * perThread)
        #expect(shared.commits < shared.notices, "posters waiting on one fsync share the next commit")
    }

    /// `close()` returns only once every durable post already accepted is
    /// committed: a reader opened right after it sees each post that returned
    /// successfully, and every later post fails with `closed`.
    @Test func closeWaitsForTheDurablePostsItAccepted() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("j.sqlite")
        let hub = try NoticeHub(journal: SQLiteJournal(path: path))
        let succeeded = Atomic<Int>(0)
        let group = DispatchGroup()
        for thread in 0..<8 {
            group.enter()
            Thread {
                defer { group.leave() }
                for index in 0... {
                    do {
                        _ = try hub.post("work", sender: Sender(stringLiteral: "t\(thread)"), payload: index)
                        succeeded.add(1, ordering: .relaxed)
                    } catch JournalError.closed {
                        return
                    } catch {
                        Issue.record("unexpected \(error)")
                        return
                    }
                }
            }.start()
        }
        let deadline = Date().addingTimeInterval(30)
        while succeeded.load(ordering: .relaxed) < 200, Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
        try hub.close()
        let visibleAtClose = try NoticeHub(journal: SQLiteJournal(path: path)).journalStatistics().notices
        group.wait()
        #expect(visibleAtClose == succeeded.load(ordering: .relaxed))
        #expect(throws: JournalError.closed) { try hub.post("late", payload: 0) }
    }

    /// The flusher commits a batched post with no later post to do it (how
    /// soon is `anotherHubSeesABatchedNoticeWithinItsDelay`'s question).
    @Test func theFlusherCommitsABatchedPostWithoutAnotherPost() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("j.sqlite")
        let hub = try NoticeHub(journal: SQLiteJournal(path: path), durability: .batched(maxDelay: .seconds(1)))
        try hub.post("x")
        let reader = try NoticeHub(journal: SQLiteJournal(path: path))
        #expect(try reader.lastSequence() == 0, "not committed yet")
        let deadline = ContinuousClock.now + .seconds(30)
        while try reader.lastSequence() == 0 && ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(try reader.lastSequence() == 1, "the flusher committed it")
        try hub.post("y")
        try hub.flush()
        #expect(try reader.lastSequence() == 2)
    }

    @Test func oversizedPayloadsAreRefused() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")))
        let big = String(repeating: "x", count: 1 << 20)
        #expect(throws: JournalError.payloadTooLarge(name: "big", bytes: (1 << 20) + 2, limit: 1 << 20)) {
            try hub.post("big", payload: big)
        }
        #expect(try hub.lastSequence() == 0)
    }

    @Test func aDurableSubscriberResumesAfterItsCursorWithoutGapOrDuplicate() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("j.sqlite")
        let hub = try NoticeHub(journal: SQLiteJournal(path: path))
        for index in 0..<10 { try hub.post("n", payload: index) }
        let received = Recorder<Int>()
        var subscription = try hub.subscribeDurably(as: "indexer", names: ["n"]) { notice in
            received.append(try! notice.decode(Int.self))
        }
        try Self.wait { received.count == 10 }
        subscription.cancel()
        for index in 10..<15 { try hub.post("n", payload: index) }
        try hub.post("other")
        // A restart: a new hub on the same file, the same subscriber name.
        let restarted = try NoticeHub(journal: SQLiteJournal(path: path))
        subscription = try restarted.subscribeDurably(as: "indexer", names: ["n"]) { notice in
            received.append(try! notice.decode(Int.self))
        }
        try Self.wait { received.count == 15 }
        for index in 15..<20 { try restarted.post("n", payload: index) }
        try Self.wait { received.count == 20 }
        Thread.sleep(forTimeInterval: 0.05)
        #expect(received.elements == Array(0..<20))
        subscription.cancel()
    }

    @Test func aFollowingHubDeliversWhatOthersAppendInOrderAndItsOwnOnce() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("j.sqlite")
        let follower = try NoticeHub(journal: SQLiteJournal(path: path))
        let other = try NoticeHub(journal: SQLiteJournal(path: path))
        let seen = Recorder<String>()
        let token = follower.observe(nil) { seen.append("\($0.name)#\($0.sequence!)") }
        let following = try follower.follow()
        try other.post("remote")
        try follower.post("local")
        try other.post("remote")
        try Self.wait { seen.count == 3 }
        Thread.sleep(forTimeInterval: 0.05)
        #expect(Set(seen.elements) == ["remote#1", "local#2", "remote#3"], "each notice once")
        #expect(seen.elements.filter { $0.hasPrefix("remote") } == ["remote#1", "remote#3"])
        following.cancel()
        withExtendedLifetime(token) {}
    }

    @Test func aCancelledFollowerLeavesNothingBehind() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")))
        let following = try hub.follow()
        try hub.post("while.following")
        following.cancel()
        for _ in 0..<100 { try hub.post("after") }
        #expect(hub.writer?.ownSequences.count == 0, "no memory of own posts once nothing follows")
    }

    static func wait(timeout: TimeInterval = 10, until condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { throw TimedOut() }
            Thread.sleep(forTimeInterval: 0.005)
        }
    }

    struct TimedOut: Error {}
}

struct JournalPayloadBytesTests {
    /// Journaled payloads reach decoders as bytes: text that is not UTF-8 (written
    /// behind NoticeHub's back) fails the decode with a one-line reason instead of being
    /// silently repaired, while `payloadJSON()` still shows it, repaired.
    @Test func aPayloadThatIsNotUTF8FailsItsDecodeAndNothingElse() throws {
        struct Word: Codable, Equatable { var a: String }
        let directory = TemporaryDirectory()
        let path = directory.path("journal.sqlite")
        do {
            let hub = try NoticeHub(journal: SQLiteJournal(path: path))
            try hub.post("word", payload: Word(a: "ok"))
            try hub.post("word", payload: Word(a: "fine"))
            try hub.close()
        }
        do {
            let connection = try SQLiteConnection(path: path)
            try connection.execute(#"UPDATE notices SET payload = CAST(X'7B2261223A22FF227D' AS TEXT) WHERE seq = 1"#)
        }
        let hub = try NoticeHub(journal: SQLiteJournal(path: path))
        let decoded = Recorder<String>()
        let token = hub.observe("word") { notice in
            do {
                decoded.append(try notice.decode(Word.self).a)
            } catch {
                decoded.append("\(error)")
                #expect((try? notice.payloadJSON()) == "{\"a\":\"\u{FFFD}\"}")
            }
        }
        #expect(try hub.replay() == 2)
        #expect(decoded.elements.count == 2)
        #expect(decoded.elements.first?.hasPrefix("payload of word is not a Word:") == true)
        #expect(decoded.elements.first?.contains("invalid UTF-8") == true)
        #expect(decoded.elements.last == "fine")
        withExtendedLifetime(token) {}
    }
}
