import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
import Synchronization
import Testing
import TestSupport
import NoticeSQLite

/// A follower that reaches a row it cannot read stops there and says so,
/// instead of retrying it silently at every poll.
struct FollowerFailureTests {
    /// Appends notice `index` as another process would, then spoils the id
    /// of the row it got when `spoiled`.
    static func append(_ index: Int, to path: String, spoiled: Bool = false) throws {
        let writer = try NoticeHub(journal: SQLiteJournal(path: path))
        let notice = try writer.post("n", payload: index)
        try writer.close()
        if spoiled {
            try SQLiteConnection(path: path).execute("UPDATE notices SET id = 'zzz' WHERE seq = \(notice.sequence!)")
        }
    }

    @Test func aFollowerStopsAtAMalformedRowAndReportsItOnce() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("j.sqlite")
        let hub = try NoticeHub(journal: SQLiteJournal(path: path))
        let seen = Recorder<Int>()
        let failures = Recorder<String>()
        let observer = hub.observe("n") { seen.append(try! $0.decode(Int.self)) }
        let following = try hub.journal.follow(pollInterval: .milliseconds(2)) { failures.append("\($0)") }
        // One transaction, so the follower meets the bad row in the batch
        // that carries the good one before it.
        try Self.append(1, to: path)
        try #require(eventually { seen.count == 1 })
        try SQLiteConnection(path: path).execute(
            """
            BEGIN;
            INSERT INTO notices (id, name_code, payload, extra)
            VALUES (randomblob(16), (SELECT code FROM notice_names WHERE name = 'n'), '2', '{"posted_at":0}');
            INSERT INTO notices (id, name_code, payload)
            VALUES ('zzz', (SELECT code FROM notice_names WHERE name = 'n'), '3');
            COMMIT;
            """)
        try #require(eventually { failures.count == 1 })
        // Stopped before it told: it polls the row no more, and reports it
        // no more.
        #expect(following.isCancelled, "the follower stopped at the row")
        #expect(seen.elements == [1, 2])
        #expect(failures.elements == [#"journal row #3: id "zzz" is not a UUID"#])
        following.cancel()
        withExtendedLifetime(observer) {}
    }

    /// Cancelling does not wait for the end of the poll interval: a
    /// follower polling every minute stops as soon as it is asked.
    @Test func cancellingAFollowerWithALongPollIntervalReturnsAtOnce() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")))
        try hub.post("first")
        let following = try hub.journal.follow(pollInterval: .seconds(60))
        // The subscriber's first poll hands it the notice: from then on it
        // rests for a minute, as the follower, started first, does.
        let handed = DispatchSemaphore(value: 0)
        let subscriber = try hub.journal.subscribe(as: "slow", pollInterval: .seconds(60)) { _ in handed.signal() }
        try #require(handed.wait(timeout: .now() + 60) == .success)
        let started = ContinuousClock.now
        following.cancel()
        subscriber.cancel()
        #expect(started.duration(to: .now) < .seconds(30))
    }

    @Test func aDurableSubscriberStopsBeforeAMalformedRowAndResumesThereOnceItIsMended() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("j.sqlite")
        for index in 1...3 { try Self.append(index, to: path, spoiled: index == 3) }
        try Self.append(4, to: path)
        let hub = try NoticeHub(journal: SQLiteJournal(path: path))
        let seen = Recorder<Int>()
        let failures = Recorder<String>()
        var subscription = try hub.journal.subscribe(as: "indexer", onFailure: { failures.append("\($0)") }) {
            seen.append(try! $0.decode(Int.self))
        }
        try #require(eventually { failures.count == 1 })
        #expect(seen.elements == [1, 2])
        #expect(failures.elements == [#"journal row #3: id "zzz" is not a UUID"#])
        subscription.cancel()

        try SQLiteConnection(path: path).execute(
            "UPDATE notices SET id = randomblob(16) WHERE seq = 3")
        subscription = try hub.journal.subscribe(as: "indexer") { seen.append(try! $0.decode(Int.self)) }
        // A notice after the four: once it has come, any of the four
        // delivered again would have come before it.
        try Self.append(5, to: path)
        try #require(eventually { seen.count >= 5 })
        #expect(seen.elements == [1, 2, 3, 4, 5])
        subscription.cancel()
    }
}
