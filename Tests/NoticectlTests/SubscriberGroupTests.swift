import Foundation
import NoticeHub
import Testing
import TestSupport

/// `noticectl subscribe NAME --group`: processes that share a durable
/// subscriber's notices, each notice printed by one of them.
struct SubscriberGroupTests {
    @Test func threeMembersPrintEveryNoticeOnceBetweenThem() throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        try cli("post", "job", "--payload", "1")
        let members = try (0..<3).map { _ in try cli.start("subscribe", "workers", "--group", "--lease", "5") }
        for index in 2...24 { try cli("post", "job", "--payload", "\(index)") }
        #expect(eventually { members.map(\.lines.count).reduce(0, +) >= 24 })
        for member in members { member.send(SIGINT) }
        for member in members { #expect(member.waitForExit()?.status == 0) }
        let printed = members.flatMap(\.lines).compactMap { Int($0.split(separator: " ")[0]) }
        #expect(printed.sorted() == Array(1...24))
        let hub = try NoticeHub(journal: SQLiteJournal(path: scratch.path("noticehub.sqlite")))
        #expect(try hub.journal.statistics().subscribers.map(\.cursor) == [24])
        #expect(try hub.journal.groupMembers(of: "workers") == [:])
        #expect(
            try cli("subscribers")
                == .success("workers  at #24  0 behind  0 parked  stopped  group: no member holds notices\n"))
    }

    /// A member that took notices and died holds them until their lease
    /// runs out: the list names it.
    @Test func theListNamesTheMembersThatHoldNotices() throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        for index in 1...3 { try cli("post", "job", "--payload", "\(index)") }
        let journal = try SQLiteJournal(path: scratch.path("noticehub.sqlite"))
        let groups = try #require(try journal.connectForReading() as? any SubscriberGroupJournalConnection)
        try groups.markGroup("workers")
        _ = try groups.lease([1, 2], of: "workers", to: "host:7 a1", for: .seconds(60), movingCursorFrom: 0, to: 2)
        #expect(
            try cli("subscribers") == .success("workers  at #2  1 behind  0 parked  running  group: 1 member holds 2\n")
        )
        #expect(
            try cli("subscribers", "list", "--json")
                == .success(
                    #"{"cursor":2,"group":[{"holds":2,"member":"host:7 a1"}],"lag":1,"name":"workers","parked":0,"running":true}"#
                        + "\n"))
    }

    /// A member killed with SIGKILL while it holds notices: a member started
    /// after it prints every notice the killed one did not finish, once
    /// their lease has run out. Each notice is printed at least once, and
    /// only the killed member's unfinished batch twice.
    @Test func aKilledMembersNoticesArePrintedByAnotherOnceTheirLeaseRunsOut() throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        let hub = try NoticeHub(journal: SQLiteJournal(path: scratch.path("noticehub.sqlite")), durability: .never)
        for index in 1...2_000 { try hub.post("job", payload: index) }
        try hub.journal.flush()
        // Its output unread, the member stops in the middle of a batch once
        // the pipe is full; it is killed wherever it is.
        let killed = try cli.start("subscribe", "workers", "--group", "--lease", "1", holdingOutput: true)
        #expect(eventually { (try? hub.journal.groupMembers(of: "workers")?.isEmpty) == false })
        killed.send(SIGKILL)
        killed.readOutput()
        #expect(killed.waitForExit()?.status == -SIGKILL)
        let survivor = try cli.start("subscribe", "workers", "--group", "--lease", "1")
        let printed = { (member: LiveProcess) in member.lines.compactMap { Int($0.split(separator: " ")[0]) } }
        // Done once every notice is printed and no member holds one (the
        // killed member's leases have run out and been finished).
        #expect(
            eventually {
                Set(printed(killed) + printed(survivor)).count == 2_000
                    && (try? hub.journal.groupMembers(of: "workers")) == [:]
            })
        survivor.send(SIGINT)
        #expect(survivor.waitForExit()?.status == 0)
        #expect(Set(printed(killed) + printed(survivor)) == Set(1...2_000))
        let twice = Set(printed(killed)).intersection(printed(survivor))
        #expect(twice.count <= 16, "only the killed member's unfinished batch is printed again")
    }

    @Test(arguments: [
        ["subscribe", "workers", "--lease", "5"],
        ["subscribe", "workers", "--group", "--lease", "0"],
        ["subscribe", "workers", "--group", "--lease", "nan"],
    ])
    func badLeasesAreUsageErrorsAndChangeNothing(arguments: [String]) throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        try cli("post", "job")
        let outcome = try cli.run(arguments)
        #expect(outcome.status == 64)
        #expect(outcome.stderr.hasPrefix("error: ") && outcome.stderr.contains("--lease"))
        let hub = try NoticeHub(journal: SQLiteJournal(path: scratch.path("noticehub.sqlite")))
        #expect(try hub.journal.statistics().subscribers.isEmpty)
    }

    @Test func anExclusiveSubscriberIsRefusedUnderAGroupsName() throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        try cli("post", "job")
        let member = try cli.start("subscribe", "workers", "--group")
        #expect(member.waitForLines(1))
        member.send(SIGINT)
        #expect(member.waitForExit()?.status == 0)
        let refused = try cli("subscribe", "workers")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains(#"durable subscriber "workers" is run by a group of processes"#))
    }
}
