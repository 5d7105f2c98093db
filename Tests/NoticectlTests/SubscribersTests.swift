import Foundation
import NoticeHub
import Synchronization
import Testing
import TestSupport

/// `noticectl subscribers`: the durable subscribers with their cursors, and
/// a running one's cursor moved.
struct SubscribersTests {
    @Test func theListShowsCursorsLagAndWhoRunsAndResetMovesARunningOne() throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        for index in 1...4 { try cli("post", "tick", "--payload", "\(index)") }
        let hub = try NoticeHub(journal: SQLiteJournal(path: scratch.path("noticehub.sqlite")))
        try hub.journal.resetSubscriber("indexer", to: .sequence(3))
        try hub.journal.resetSubscriber("mailer", to: .end)
        #expect(
            try cli("subscribers")
                == .success("indexer  at #2  2 behind  0 parked  stopped\nmailer  at #4  0 behind  0 parked  stopped\n")
        )
        let running = try cli.start("subscribe", "mailer")
        let listed: Outcome = .success(
            #"{"cursor":2,"lag":2,"name":"indexer","parked":0,"running":false}"# + "\n"
                + #"{"cursor":4,"lag":0,"name":"mailer","parked":0,"running":true}"# + "\n")
        // Listed as running once its process has claimed the name.
        #expect(try eventually { try cli("subscribers", "list", "--json") == listed })
        // The running subscriber, in its own process, goes on from #3 at its next batch.
        #expect(try cli("subscribers", "reset", "mailer", "--to-seq", "3") == .success("mailer goes on from #3\n"))
        #expect(running.waitForLines(2))
        running.send(SIGINT)
        #expect(running.waitForExit()?.status == 0)
        #expect(running.lines.map { $0.split(separator: " ")[0] } == ["3", "4"])
        #expect(try cli("subscribers", "reset", "indexer", "--to-end") == .success("indexer goes on from #5\n"))
        #expect(try hub.journal.statistics().subscribers.map(\.cursor) == [4, 4])
    }

    @Test(arguments: [
        ["subscribers", "reset", "indexer"],
        ["subscribers", "reset", "indexer", "--to-seq", "1", "--to-end"],
        ["subscribers", "reset", "indexer", "--to-seq", "0"],
        ["subscribers", "reset", "indexer", "--to-time", "yesterday"],
        ["subscribers", "drop-parked", "indexer", "--seq", "0"],
        ["subscribers", "parked", ""],
        ["subscribers", "delete"],
        ["subscribers", "replay-parked", "indexer", "extra"],
    ])
    func badResetsAreUsageErrorsAndChangeNothing(arguments: [String]) throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        try cli("post", "tick")
        let outcome = try cli.run(arguments)
        #expect(outcome.status == 64)
        #expect(outcome.stderr.hasPrefix("error: "))
        #expect(outcome.stderr.split(separator: "\n").count == 2, "one line, then where to see the help")
        let hub = try NoticeHub(journal: SQLiteJournal(path: scratch.path("noticehub.sqlite")))
        #expect(try hub.journal.statistics().subscribers.isEmpty)
    }

    struct Refused: Error, CustomStringConvertible {
        var description: String { "the mail server refused" }
    }

    @Test func parkedNoticesAreListedReplayedAndDroppedAndAStoppedSubscriberDeleted() throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        for index in 1...3 { try cli("post", "tick", "--payload", "\(index)") }
        let hub = try NoticeHub(journal: SQLiteJournal(path: scratch.path("noticehub.sqlite")))
        let failing = Mutex(true)
        let seen = Seen<Int64>()
        let running = try hub.journal.subscribe(as: "mailer", delivery: DeliveryPolicy(maxDeliveries: 2)) { notice in
            seen.append(notice.sequence!)
            if notice.sequence != 1 && failing.withLock({ $0 }) { throw Refused() }
        }
        #expect(try eventually { try hub.journal.parkedNotices(of: "mailer").count == 2 })
        #expect(
            try cli("subscribers", "list")
                == .success("mailer  at #3  0 behind  2 parked  running\n"))
        let listed = try cli("subscribers", "parked", "mailer")
        #expect(listed.lines.count == 2)
        #expect(listed.lines.first?.hasPrefix("#2  2 deliveries  parked ") == true, "\(listed)")
        #expect(listed.lines.first?.hasSuffix("Z  the mail server refused") == true, "\(listed)")
        let json = try cli("subscribers", "parked", "mailer", "--json")
        #expect(json.lines.last?.hasPrefix(#"{"deliveries":2,"error":"the mail server refused","parkedAt":""#) == true)
        #expect(json.lines.last?.hasSuffix(#"Z","replayRequested":false,"seq":3}"#) == true, "\(json)")

        #expect(
            try cli("subscribers", "delete", "mailer")
                == .failure(#"durable subscriber "mailer" is already running, in this process or another"#))
        #expect(
            try cli("subscribers", "drop-parked", "mailer", "--seq", "3")
                == .success("mailer: dropped 1 parked notice\n"))
        failing.withLock { $0 = false }
        #expect(
            try cli("subscribers", "replay-parked", "mailer") == .success("mailer: 1 parked notice to deliver again\n"))
        #expect(try eventually { try hub.journal.parkedNotices(of: "mailer").isEmpty })
        running.cancel()
        #expect(seen.all == [1, 2, 2, 3, 3, 2])

        #expect(try cli("subscribers", "delete", "mailer") == .success("deleted mailer\n"))
        #expect(try cli("subscribers") == .success(""))
        #expect(try cli("subscribers", "delete", "mailer") == .failure("no durable subscriber named mailer"))
    }
}
