import Foundation
import NoticeHub
import Synchronization
import Testing

/// An asynchronous responder's task starts on the collecting task's thread
/// and runs there until it first suspends: one that answers without
/// suspending has answered before the collection waits.
struct AsynchronousResponderStartTests {
    @Test func anAnswerWithoutSuspendingArrivesBeforeTheWait() async throws {
        let hub = NoticeHub()
        let answeringThread = Mutex<pthread_t?>(nil)
        let token = hub.respond(to: "q", as: "r") { notice async throws -> Int in
            answeringThread.withLock { $0 = pthread_self() }
            return try notice.value(as: Int.self) + 1
        }
        for round in 0..<20 {
            let (collection, collectingThread) = try await { () async throws -> (ReplyCollection<Int>, pthread_t) in
                let thread = pthread_self()
                // No time to wait at all: only an answer given before the
                // wait can be in the collection.
                return (try await hub.collect("q", payload: round, from: "me", as: Int.self, timeout: .zero), thread)
            }()
            #expect(collection.stopReason == .allAnswered)
            #expect(collection.values == [round + 1])
            #expect(answeringThread.withLock { $0 } == collectingThread)
        }
        withExtendedLifetime(token) {}
    }

    @Test(.timeLimit(.minutes(1)))
    func aSuspendingResponderIsStillBoundedByTheTimeout() async throws {
        let hub = NoticeHub()
        let token = hub.respond(to: "q", as: "slow") { _ async throws -> Int in
            // The sleep is a responder that takes longer than the timeout.
            try await Task.sleep(for: .seconds(30))
            return 1
        }
        let collection = try await hub.collect("q", payload: 0, from: "me", as: Int.self, timeout: .milliseconds(50))
        #expect(collection.stopReason == .timedOut)
        #expect(collection.replies.isEmpty)
        withExtendedLifetime(token) {}
    }

    @Test func aMaximumReachedByAnAsynchronousResponderLeavesTheRestUnasked() async throws {
        let hub = NoticeHub()
        let asked = Atomic<Int>(0)
        let tokens = (0..<3).map { index in
            hub.respond(to: "q", as: Sender(stringLiteral: "r\(index)")) { _ async -> Int in
                asked.add(1, ordering: .relaxed)
                return index
            }
        }
        let collection = try await hub.collect(
            "q", payload: 0, from: "me", as: Int.self, timeout: .seconds(10), maxReplies: 1)
        #expect(collection.stopReason == .maxRepliesReached)
        #expect(collection.values == [0])
        #expect(asked.load(ordering: .relaxed) == 1)
        withExtendedLifetime(tokens) {}
    }
}
