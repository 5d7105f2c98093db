import Dispatch
import NoticeHub
import Synchronization
import Testing
import TestSupport

/// What a hub still does once closed, as `close()` documents it, and
/// queries whose limit is out of range.
struct AfterCloseTests {
    @Test func anInMemoryHubStillDeliversAfterClose() throws {
        let hub = NoticeHub()
        let heard = Recorder<NoticeName>()
        let token = hub.observe(nil) { heard.append($0.name) }
        try hub.close()
        try hub.post("after")
        try hub.close()
        #expect(heard.elements == ["after"])
        withExtendedLifetime(token) {}
    }

    /// Deliveries handed to an observer on a queue and to an asynchronous
    /// observer before `close()` still run after it; once closed, the
    /// asynchronous observer's task ends, so a later post of an in-memory
    /// hub reaches the queued observer only.
    @Test(arguments: [false, true])
    func pendingIsolatedAndAsyncDeliveriesRunAfterClose(journaled: Bool) async throws {
        let directory = TemporaryDirectory()
        let hub =
            journaled ? try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite"))) : NoticeHub()
        let queue = DispatchQueue(label: "held")
        let gate = Gate()
        let queued = Recorder<NoticeName>()
        let awaited = Recorder<NoticeName>()
        let onQueue = hub.observe(nil, scheduling: .queue(queue)) { queued.append($0.name) }
        let async = hub.observe(nil) { notice async in
            await gate.opened()
            awaited.append(notice.name)
        }
        queue.suspend()
        try hub.post("first")
        try hub.post("second")
        try hub.close()
        #expect(queued.elements.isEmpty && awaited.elements.isEmpty)
        queue.resume()
        await gate.open()
        await hub.pendingDeliveries.settled()
        #expect(queued.elements == ["first", "second"])
        #expect(awaited.elements == ["first", "second"])
        if !journaled {
            try hub.post("third")
            await hub.pendingDeliveries.settled()
            #expect(queued.elements == ["first", "second", "third"])
            #expect(awaited.elements == ["first", "second"])
        }
        onQueue.cancel()
        async.cancel()
    }

    /// Opened once; waiters before that wait.
    actor Gate {
        private var isOpen = false
        private var waiters: [CheckedContinuation<Void, Never>] = []

        func opened() async {
            if isOpen { return }
            await withCheckedContinuation { waiters.append($0) }
        }

        func open() {
            isOpen = true
            for waiter in waiters { waiter.resume() }
            waiters = []
        }
    }

    /// Journal calls on a hub that never had a journal say so, rather than
    /// that a journal was closed.
    @Test func anInMemoryHubSaysItHasNoJournal() throws {
        let hub = NoticeHub()
        #expect(throws: JournalError.noJournal) { try hub.journal.replay() }
        #expect(throws: JournalError.noJournal) { try hub.journal.importNotices([#"{"name":"x"}"#]) }
        #expect(throws: JournalError.noJournal) { try hub.journal.follow() }
        #expect(throws: JournalError.noJournal) { try hub.journal.read(JournalQuery()) { _ in true } }
        #expect("\(JournalError.noJournal)".hasPrefix("this hub has no journal"))
    }

    @Test func aClosedJournaledHubRefusesWritesAndStillReads() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("j.sqlite")
        let hub = try NoticeHub(journal: SQLiteJournal(path: path), durability: .batched(maxDelay: .seconds(60)))
        try hub.post("kept")
        try hub.close()
        #expect(throws: JournalError.closed) { try hub.post("late") }
        #expect(throws: JournalError.closed) { try hub.journal.importNotices([#"{"name":"late"}"#]) }
        try hub.journal.flush()
        #expect(try hub.journal.lastSequence() == 1, "close committed the batch")
        let replayed = Recorder<NoticeName>()
        let token = hub.observe(nil) { replayed.append($0.name) }
        #expect(try hub.journal.replay() == 1)
        #expect(replayed.elements == ["kept"])
        var read: [NoticeName] = []
        try hub.journal.read(JournalQuery()) {
            read.append($0.name); return true
        }
        #expect(read == ["kept"])
        let following = try hub.journal.follow()
        following.cancel()
        withExtendedLifetime(token) {}
    }

    @Test(arguments: [-1, 0, Int.min])
    func aLimitBelowOneReadsNothing(limit: Int) throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")))
        try hub.post("a")
        try hub.post("b")
        var read = 0
        try hub.journal.read(JournalQuery(limit: limit)) { _ in
            read += 1; return true
        }
        #expect(read == 0)
    }
}
