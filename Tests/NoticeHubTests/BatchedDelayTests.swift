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
        // A flusher that checked every maxDelay / 2 commits 1.375 × maxDelay
        // after this test's post: 8.25 s, past the bound of 7.8 s. The slack
        // is time for the flusher to wake, commit (one small fsync) and the
        // follower to poll: typically 15 ms, and up to 1.1 s while
        // another test suite builds and runs beside this one on two cores.
        let maxDelay = Duration.seconds(6)
        let slack = Duration.milliseconds(1_800)
        let directory = TemporaryDirectory()
        let path = directory.path("j.sqlite")
        let watcher = try NoticeHub(journal: SQLiteJournal(path: path))
        let arrived = Mutex<ContinuousClock.Instant?>(nil)
        let seen = DispatchSemaphore(value: 0)
        let following = try watcher.journal.follow(pollInterval: .milliseconds(2))
        let token = watcher.observe("x") { _ in
            arrived.locked { $0 = .now }
            seen.signal()
        }
        let hub = try NoticeHub(journal: SQLiteJournal(path: path), durability: .batched(maxDelay: maxDelay))
        // The sleep is the moment of the post, not a wait for anything:
        // posting 5/8 of maxDelay after the hub opened is where a flusher
        // that checked every maxDelay / 2 committed 1.375 × maxDelay late;
        // the bound must hold at every moment.
        Thread.sleep(forTimeInterval: maxDelay.seconds * 5 / 8)
        let posted = ContinuousClock.now
        try hub.post("x")
        #expect(seen.wait(timeout: .now() + 20) == .success, "the notice was committed")
        let latency = try #require(arrived.locked { $0 }) - posted
        #expect(latency <= maxDelay + slack, "seen \(latency) after posting, more than \(maxDelay) + \(slack)")
        withExtendedLifetime((following, token, hub)) {}
    }
}
