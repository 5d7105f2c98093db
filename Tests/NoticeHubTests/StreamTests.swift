import NoticeHub
import Testing

struct StreamTests {
    @Test func theSubscriptionStartsWhenIterationStartsAndDeliversInOrder() async throws {
        let hub = NoticeHub()
        let stream = hub.notices(named: "n")
        try hub.post("n", payload: ["i": -1]) // before iteration: not seen
        #expect(hub.liveObserverCount == 0)
        var iterator = stream.makeAsyncIterator()
        #expect(hub.liveObserverCount == 1)
        for i in 0..<1_000 { try hub.post("n", payload: ["i": i]) }
        var seen: [Int] = []
        for _ in 0..<1_000 {
            let notice = try #require(await iterator.next())
            seen.append(try notice.decode([String: Int].self)["i"]!)
        }
        #expect(seen == Array(0..<1_000))
    }

    @Test func notesPostedFromAnotherThreadArriveFIFO() async throws {
        let hub = NoticeHub()
        var iterator = hub.notices(named: "n").makeAsyncIterator()
        let producer = Thread {
            for i in 0..<10_000 { _ = try? hub.post("n", payload: ["i": i]) }
        }
        producer.start()
        var expected = 0
        while expected < 10_000, let notice = await iterator.next() {
            #expect(try notice.decode([String: Int].self)["i"] == expected)
            expected += 1
        }
        #expect(expected == 10_000)
    }

    @Test(arguments: [
        (NoticeStream.Buffering.bufferingOldest(3), [0, 1, 2]),
        (NoticeStream.Buffering.bufferingNewest(3), [7, 8, 9]),
    ])
    func bufferingPoliciesDropAndCount(policy: NoticeStream.Buffering, kept: [Int]) async throws {
        let hub = NoticeHub()
        let stream = hub.notices(named: "n", buffering: policy)
        var iterator = stream.makeAsyncIterator()
        for i in 0..<10 { try hub.post("n", payload: ["i": i]) }
        var seen: [Int] = []
        for _ in 0..<3 {
            seen.append(try #require(await iterator.next()).decode([String: Int].self)["i"]!)
        }
        #expect(seen == kept)
        #expect(stream.droppedCount == 7)
    }

    @Test func cancellingTheConsumingTaskEndsTheStreamAndTheSubscription() async throws {
        let hub = NoticeHub()
        let started = AsyncStream<Void>.makeStream()
        let consumer = Task {
            var count = 0
            var iterator = hub.notices(named: "n").makeAsyncIterator()
            started.continuation.yield()
            while await iterator.next() != nil { count += 1 }
            return count
        }
        var signal = started.stream.makeAsyncIterator()
        await signal.next()
        try hub.post("n")
        consumer.cancel()
        let count = await consumer.value
        #expect(count <= 1)
        #expect(hub.liveObserverCount == 0)
    }

    @Test func typedMessagesAsASequence() async throws {
        let hub = NoticeHub()
        var iterator = hub.messages(of: Liked.self).makeAsyncIterator()
        try hub.post("news.liked", payload: ["unexpected": true]) // skipped: not a Liked
        try hub.post(Liked(newsID: 2, user: "bob"))
        #expect(try await iterator.next() == Liked(newsID: 2, user: "bob"))
    }
}

import Foundation
