import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
import Synchronization
import Testing
import TestSupport

/// Blocking calls of async APIs run on threads of their own, kept between
/// calls, and as many at once as there are calls.
struct BlockingCallTests {
    /// A pool of the test's own, so no other test's call takes its thread:
    /// each call finds the thread the one before it counted free.
    @Test func callsInARowShareOneThread() async throws {
        let pool = BlockingCall(idleLimit: .seconds(600))
        var threads: Set<UUID> = []
        for _ in 0..<40 { threads.insert(try await pool.run { Self.threadID }) }
        #expect(threads.count == 1, "\(threads.count) threads for 40 calls in a row")
    }

    @Test func callsThatWaitForEachOtherEachGetAThread() async throws {
        let waiting = 4
        let arrived = Arrivals()
        try await withThrowingTaskGroup { group in
            for _ in 0..<waiting {
                group.addTask {
                    try await BlockingCall.run {
                        arrived.count.add(1, ordering: .relaxed)
                        _ = eventually(timeout: .seconds(60)) { arrived.count.load(ordering: .relaxed) == waiting }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(arrived.count.load(ordering: .relaxed) == waiting)
    }

    @Test func anErrorComesBackToTheTask() async {
        struct Refused: Error {}
        await #expect(throws: Refused.self) { try await BlockingCall.run { throw Refused() } }
    }

    final class Arrivals: Sendable {
        let count = Atomic<Int>(0)
    }

    /// A mark of the calling thread, made on its first call: a new thread
    /// gets a new one even where the system reuses an ended thread's id.
    private static var threadID: UUID {
        let dictionary = Thread.current.threadDictionary
        if let mark = dictionary["BlockingCallTests"] as? UUID { return mark }
        let mark = UUID()
        dictionary["BlockingCallTests"] = mark
        return mark
    }
}
