import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
import Synchronization
import Testing
import TestSupport
import NoticeSQLite

/// What the hub's journaling does beyond what every backend promises (that
/// is `JournalConformanceTests`): replays' own posts, closing, the flusher.
struct JournalTests {
    @Test func postsMadeDuringAReplayAreNeitherJournaledNorDelivered() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")))
        let shipped = Recorder<Bool>()
        let reactor = hub.observe("order.placed") { _ in _ = try? hub.post("order.shipped") }
        let watcher = hub.observe("order.shipped") { shipped.append($0.isReplay) }
        try hub.post("order.placed")
        #expect(try hub.journal.lastSequence() == 2, "live: the reaction was journaled")
        #expect(try hub.journal.replay() == 2)
        #expect(try hub.journal.lastSequence() == 2, "replay wrote nothing")
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
                late.locked {
                    $0 = hub.observe("tick") { seen.append("late \((try? $0.decode([String: Int].self))?["i"] ?? -1)") }
                }
            }
            if index == 2 { early.locked { $0?.cancel() } }
        }
        early.locked {
            $0 = hub.observe("tick", sender: "clock") {
                seen.append("early \((try? $0.decode([String: Int].self))?["i"] ?? -1)")
            }
        }
        #expect(try hub.journal.replay() == 4)
        #expect(seen.elements == ["early 0", "early 1", "late 2", "late 3"])
        withExtendedLifetime(changer) {}
        late.locked { $0?.cancel() }
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
        #expect(eventually { succeeded.load(ordering: .relaxed) >= 200 })
        try hub.close()
        let visibleAtClose = try NoticeHub(journal: SQLiteJournal(path: path)).journal.statistics().notices
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
        #expect(try reader.journal.lastSequence() == 0, "not committed yet")
        #expect(try eventually { try reader.journal.lastSequence() != 0 })
        #expect(try reader.journal.lastSequence() == 1, "the flusher committed it")
        try hub.post("y")
        try hub.journal.flush()
        #expect(try reader.journal.lastSequence() == 2)
    }

    @Test func aCancelledFollowerLeavesNothingBehind() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")))
        let following = try hub.journal.follow()
        try hub.post("while.following")
        following.cancel()
        for _ in 0..<100 { try hub.post("after") }
        #expect(hub.writer?.ownSequences.count == 0, "no memory of own posts once nothing follows")
    }
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
        #expect(try hub.journal.replay() == 2)
        #expect(decoded.elements.count == 2)
        #expect(decoded.elements.first?.hasPrefix("payload of word is not a Word:") == true)
        #expect(decoded.elements.first?.contains("invalid UTF-8") == true)
        #expect(decoded.elements.last == "fine")
        withExtendedLifetime(token) {}
    }
}
