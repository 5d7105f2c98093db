import Foundation
import NoticeHub
import Testing
import TestSupport

/// `noticectl subscribers`: the durable subscribers with their cursors, and
/// a stopped one's cursor moved.
struct SubscribersTests {
    @Test func theListShowsCursorsLagAndWhoRunsAndResetMovesAStoppedOne() throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        for index in 1...4 { try cli("post", "tick", "--payload", "\(index)") }
        let hub = try NoticeHub(journal: SQLiteJournal(path: scratch.path("noticehub.sqlite")))
        try hub.journal.resetSubscriber("indexer", to: .sequence(3))
        try hub.journal.resetSubscriber("mailer", to: .end)
        #expect(
            try cli("subscribers") == .success("indexer  at #2  2 behind  stopped\nmailer  at #4  0 behind  stopped\n"))
        let running = try hub.journal.subscribe(as: "mailer") { _ in }
        #expect(
            try cli("subscribers", "list", "--json")
                == .success(
                    #"{"cursor":2,"lag":2,"name":"indexer","running":false}"# + "\n"
                        + #"{"cursor":4,"lag":0,"name":"mailer","running":true}"# + "\n"))
        #expect(
            try cli("subscribers", "reset", "mailer", "--to-seq", "1")
                == .failure(#"durable subscriber "mailer" is already running, in this process or another"#))
        running.cancel()
        #expect(try cli("subscribers", "reset", "mailer", "--to-seq", "1") == .success("mailer goes on from #1\n"))
        #expect(try cli("subscribers", "reset", "indexer", "--to-end") == .success("indexer goes on from #5\n"))
        #expect(try hub.journal.statistics().subscribers.map(\.cursor) == [4, 0])
    }

    @Test(arguments: [
        ["subscribers", "reset", "indexer"],
        ["subscribers", "reset", "indexer", "--to-seq", "1", "--to-end"],
        ["subscribers", "reset", "indexer", "--to-seq", "0"],
        ["subscribers", "reset", "indexer", "--to-time", "yesterday"],
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
}
