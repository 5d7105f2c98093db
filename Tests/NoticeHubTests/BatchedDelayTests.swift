import Dispatch
import Foundation
import NoticeHub
import Synchronization
import Testing
import TestSupport

/// `.batched(maxDelay:)` commits a notice at most `maxDelay` after it was
/// posted, as seen from another connection.
struct BatchedDelayTests {
    @Test(.timeLimit(.minutes(1)))
    func anotherHubSeesABatchedNoticeWithinItsDelay() throws {
        let maxDelay = Duration.milliseconds(600)
        // Time for the flusher to wake, commit (one small fsync) and the
        // follower to poll, even on a loaded machine (typically 15 ms); a
        // flusher that checked every maxDelay / 2 showed 225 ms more here.
        let slack = Duration.milliseconds(200)
        let directory = TemporaryDirectory()
        let path = directory.path("j.sqlite")
        let watcher = try NoticeHub(journal: SQLiteJournal(path: path))
        let arrived = Mutex<ContinuousClock.Instant?>(nil)
        let seen = DispatchSemaphore(value: 0)
        let following = try watcher.follow(pollInterval: .milliseconds(2))
        let token = watcher.observe("x") { _ in
            arrived.locked { $0 = .now }
            seen.signal()
        }
        let hub = try NoticeHub(journal: SQLiteJournal(path: path), durability: .batched(maxDelay: maxDelay))
        // Not an assertion: posting 5/8 of maxDelay after the hub opened is
        // where a flusher that checked every maxDelay / 2 committed 1.375 ×
        // maxDelay late; the bound must hold at every moment.
        Thread.sleep(forTimeInterval: 0.375)
        let posted = ContinuousClock.now
        try hub.post("x")
        #expect(seen.wait(timeout: .now() + 10) == .success, "the notice was committed")
        let latency = try #require(arrived.locked { $0 }) - posted
        #expect(latency <= maxDelay + slack, "seen \(latency) after posting, more than \(maxDelay) + \(slack)")
        withExtendedLifetime((following, token, hub)) {}
    }
}
