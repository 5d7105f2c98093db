import NoticeHub
import Testing
import TestSupport

/// Closing or releasing a hub ends the loops over its streams.
struct StreamEndTests {
    /// An in-memory hub, or a journaled one in `directory`.
    static func makeHub(journaled: Bool, in directory: TemporaryDirectory) throws -> NoticeHub {
        journaled ? try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite"))) : NoticeHub()
    }

    @Test(.timeLimit(.minutes(1)), arguments: [false, true])
    func closingTheHubEndsAWaitingLoopAfterWhatWasBuffered(journaled: Bool) async throws {
        let directory = TemporaryDirectory()
        let hub = try Self.makeHub(journaled: journaled, in: directory)
        let subscribed = AsyncStream<Void>.makeStream()
        let consumer = Task {
            var seen: [NoticeName] = []
            var iterator = hub.notices(named: nil).makeAsyncIterator()
            subscribed.continuation.yield()
            while let notice = await iterator.next() { seen.append(notice.name) }
            return seen
        }
        var signal = subscribed.stream.makeAsyncIterator()
        await signal.next()
        try hub.post("a")
        try hub.post("b")
        try hub.close()
        #expect(await consumer.value == ["a", "b"])
        #expect(hub.liveObserverCount == 0, "the stream's observer is gone")
    }

    @Test(.timeLimit(.minutes(1)))
    func aStreamIteratedAfterCloseEndsAtOnce() async throws {
        let hub = NoticeHub()
        try hub.close()
        var iterator = hub.notices(named: "n").makeAsyncIterator()
        #expect(await iterator.next() == nil)
        #expect(hub.liveObserverCount == 0)
    }

    @Test(.timeLimit(.minutes(1)))
    func releasingTheHubEndsTheLoop() async throws {
        var hub: NoticeHub? = NoticeHub()
        let stream = hub!.notices(named: "n")
        let subscribed = AsyncStream<Void>.makeStream()
        let consumer = Task {
            var count = 0
            var iterator = stream.makeAsyncIterator()
            subscribed.continuation.yield()
            while await iterator.next() != nil { count += 1 }
            return count
        }
        var signal = subscribed.stream.makeAsyncIterator()
        await signal.next()
        try hub!.post("n")
        hub = nil
        #expect(await consumer.value == 1)
    }
}
