import Foundation
import Testing
import TestSupport

struct FollowTests {
    /// `tail --follow --json` as a child process prints, line by line, the
    /// notices a second process posts, and ends cleanly on SIGTERM or SIGINT.
    @Test(arguments: [SIGTERM, SIGINT])
    func followPrintsOtherProcessesNoticesLiveThenStopsCleanly(signal: Int32) throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        try cli("post", "first")
        let tail = try cli.start("tail", "--follow", "--json")
        try #require(tail.waitForLines(1))

        for (index, name) in ["second", "third"].enumerated() {
            try cli("post", name, "--sender", "other", "--payload", #"{"n":\#(index)}"#)
            try #require(tail.waitForLines(index + 2), "\(name) did not arrive")
        }
        tail.send(signal)
        let outcome = try #require(tail.waitForExit())
        #expect(outcome.status == 0)
        #expect(outcome.stderr == "")
        #expect(
            Stable.text(outcome.stdout) == """
                {"seq":1,"id":"ID","name":"first","payload":{},"postedAt":"TIME"}
                {"seq":2,"id":"ID","name":"second","sender":"other","payload":{"n":0},"postedAt":"TIME"}
                {"seq":3,"id":"ID","name":"third","sender":"other","payload":{"n":1},"postedAt":"TIME"}

                """)
        #expect(try cli("tail", "--json") == Outcome(status: 0, stdout: outcome.stdout, stderr: ""))
    }

    /// A row edited behind the tool's back ends the tail with one line
    /// naming it, instead of a follower that waits on it silently forever.
    @Test func followStopsAtARowItCannotReadAfterPrintingThoseBeforeIt() throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        try cli("post", "first")
        let tail = try cli.start("tail", "--follow")
        try #require(tail.waitForLines(1))
        try cli("post", "second")
        try #require(tail.waitForLines(2))
        try SQLiteShell.run(
            scratch.path("noticehub.sqlite"),
            """
            INSERT INTO notices (id, name_code, payload)
            VALUES ('zzz', (SELECT code FROM notice_names WHERE name = 'first'), '{}')
            """)
        let outcome = try #require(tail.waitForExit())
        #expect(outcome.status == 1)
        #expect(outcome.stderr == "error: journal row #3: id \"zzz\" is not a UUID\n")
        #expect(Stable.text(outcome.stdout) == "1 TIME first - {}\n2 TIME second - {}\n")
    }

    @Test func followStopsByItselfOnceTheLimitIsPrinted() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        try cli("post", "wanted")
        let tail = try cli.start("tail", "--follow", "--name", "wanted", "--limit", "3")
        try #require(tail.waitForLines(1))
        try cli("post", "unwanted")
        try cli("post", "wanted", "--sender", "later")
        try #require(tail.waitForLines(2))
        try cli("post", "wanted", "--sender", "last")
        let outcome = try #require(tail.waitForExit())
        #expect(outcome.status == 0)
        #expect(
            Stable.text(outcome.stdout) == """
                1 TIME wanted - {}
                3 TIME wanted later {}
                4 TIME wanted last {}

                """)
    }

    @Test func followWithALimitAlreadyReachedEndsAtOnce() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        try cli("post", "one")
        try cli("post", "two")
        let outcome = try cli("tail", "--follow", "--limit", "1")
        #expect(Stable.text(outcome.stdout) == "1 TIME one - {}\n")
        #expect(outcome.status == 0)
    }
}
