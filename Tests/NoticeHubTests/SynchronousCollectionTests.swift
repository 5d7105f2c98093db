import Foundation
import NoticeHub
import Synchronization
import Testing

/// `collect` asks synchronous responders on the calling task before it waits
/// for asynchronous ones.
struct SynchronousCollectionTests {
    @Test func synchronousRespondersAnswerOnTheCollectingThread() async throws {
        let hub = NoticeHub()
        let answeringThreads = Mutex<[pthread_t]>([])
        let tokens = (0..<3).map { index in
            hub.respond(to: "q", as: Sender(stringLiteral: "r\(index)")) { _ in
                answeringThreads.withLock { $0.append(pthread_self()) }
                return index
            }
        }
        let (collection, collectingThread) = try await { () async throws -> (ReplyCollection<Int>, pthread_t) in
            let thread = pthread_self()
            return (try await hub.collect("q", payload: 0, from: "me", as: Int.self, timeout: .seconds(10)), thread)
        }()
        #expect(collection.stopReason == .allAnswered)
        #expect(collection.values == [0, 1, 2])
        #expect(answeringThreads.withLock { $0 } == Array(repeating: collectingThread, count: 3))
        withExtendedLifetime(tokens) {}
    }

    @Test func aMaximumReachedBySynchronousRespondersLeavesTheAsynchronousUnasked() async throws {
        let hub = NoticeHub()
        let asked = Atomic<Int>(0)
        let first = hub.respond(to: "q", as: "sync") { _ in 1 }
        let second = hub.respond(to: "q", as: "async") { _ async -> Int in
            asked.add(1, ordering: .relaxed)
            return 2
        }
        let collection = try await hub.collect(
            "q", payload: 0, from: "me", as: Int.self, timeout: .seconds(10), maxReplies: 1)
        #expect(collection.stopReason == .maxRepliesReached)
        #expect(collection.values == [1])
        #expect(asked.load(ordering: .relaxed) == 0)
        withExtendedLifetime([first, second]) {}
    }

    @Test func aCancelledTaskAsksNobody() async throws {
        let hub = NoticeHub()
        let asked = Atomic<Int>(0)
        let token = hub.respond(to: "q", as: "r") { _ in asked.add(1, ordering: .relaxed) }
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await hub.collect("q", payload: 0, from: "me", as: Int.self, timeout: .seconds(10))
        }
        let collection = try await task.value
        #expect(collection.stopReason == .cancelled)
        #expect(collection.replies.isEmpty && collection.asked == 1)
        #expect(asked.load(ordering: .relaxed) == 0)
        withExtendedLifetime(token) {}
    }
}
