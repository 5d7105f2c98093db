import Foundation
import Testing
import TestSupport

/// `noticectl request` and `respond` as separate processes on one journal.
struct RequestRespondTests {
    private let scratch = TemporaryDirectory()
    private var cli: NoticectlRunner { NoticectlRunner(in: scratch) }

    /// Starts `respond` and waits until it is announced.
    private func responder(_ arguments: String...) throws -> LiveProcess {
        let process = try cli.start(["respond"] + arguments)
        try #require(process.waitForLines(1), "the responder did not announce itself")
        #expect(process.lines.first?.hasPrefix("answering ") == true)
        return process
    }

    /// `respond … &` followed at once by `request`, as the README has it:
    /// `--wait-for-responders` waits for the responder's claim instead of
    /// saying `noResponders` while the responder is still starting.
    @Test func aRequestCanWaitForAResponderThatIsStillStarting() throws {
        try cli("init")
        let starting = try cli.start(["respond", "weather.now", "--sender", "late", "--reply", #"{"celsius":21}"#])
        let asked = try cli(
            "request", "weather.now", "--wait-for-responders", "30s", "--timeout", "30s")
        #expect(asked.status == 0, "\(asked)")
        #expect(asked.lines.first == #"late {"celsius":21}"#)
        starting.send(SIGINT)
        _ = starting.waitForExit()

        // Nobody starting: the wait ends at its limit, and the request says so.
        let alone = try cli.run(["request", "weather.now", "--wait-for-responders", "200ms"])
        #expect(alone.status == 1 && alone.lines.first?.hasPrefix("noResponders") == true)
    }

    @Test func aRequestCollectsTheRepliesAndTheJournalShowsTheConversation() throws {
        try cli("init")
        let north = try responder("weather.now", "--sender", "north", "--reply", #"{"celsius":21}"#)
        let south = try responder("weather.now", "--sender", "south", "--exec", #"sed 's/Lyon/Paris/'"#)
        let asked = try cli("request", "weather.now", "--payload", #"{"city":"Lyon"}"#, "--timeout", "30s")
        #expect(asked.status == 0 && asked.stderr == "")
        let lines = asked.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 3, "\(asked.stdout)")
        #expect(Set(lines.prefix(2)) == [#"north {"celsius":21}"#, #"south {"city":"Paris"}"#])
        #expect(lines[2].hasPrefix("allAnswered: 2 of 2 asked, request "))
        let requestID = String(lines[2].split(separator: " ").last!)

        let journaled = try cli("tail", "--json")
        let rows = journaled.stdout.split(separator: "\n")
        try #require(rows.count == 3)
        #expect(rows[0].contains(#""kind":"request","conversation":"\#(requestID)""#))
        for reply in rows.dropFirst() {
            #expect(
                reply.contains(#""kind":"reply","conversation":"\#(requestID)","cause":"\#(requestID)""#), "\(reply)")
        }
        #expect(try cli("tail", "--conversation", requestID, "--json").stdout == journaled.stdout)
        #expect(try cli("tail", "--conversation", requestID, "--name", "other").stdout == "")

        let exported = try cli("export")
        let copy = NoticectlRunner(in: TemporaryDirectory())
        #expect(try copy("import", "-", input: exported.stdout).status == 0)
        #expect(try copy("tail", "--json").stdout == journaled.stdout, "import keeps kind, conversation and cause")

        for process in [north, south] {
            process.send(SIGTERM)
            let ended = try #require(process.waitForExit())
            #expect(ended.status == 0)
            #expect(ended.stdout.contains("from noticectl: replied"))
        }
    }

    @Test func withoutAResponderTheRequestSaysSoAndJournalsNothing() throws {
        try cli("init")
        let gone = try responder("weather.now", "--reply", "1")
        gone.send(SIGINT)
        #expect(try #require(gone.waitForExit()).status == 0)
        let asked = try cli("request", "weather.now", "--json")
        #expect(
            asked
                == Outcome(
                    status: 1, stdout: #"{"kind":"stop","stopReason":"noResponders","asked":0,"replies":0}"# + "\n",
                    stderr: ""))
        #expect(try cli("tail").stdout == "")
    }

    @Test func aResponderKilledMidRequestIsNotWaitedFor() throws {
        try cli("init")
        let stuck = try responder("weather.now", "--exec", "sleep 60", "--exec-timeout", "120s")
        let asking = try cli.start("request", "weather.now", "--timeout", "60s")
        // The request is journaled once the responder's command runs.
        #expect(try eventually { try !cli("tail", "--limit", "1").stdout.isEmpty })
        stuck.send(SIGKILL)
        let ended = try #require(asking.waitForExit(timeout: .seconds(30)))
        #expect(ended.status == 1, "nobody answered")
        #expect(ended.stdout.hasPrefix("allAnswered: 0 of 1 asked"), "not timedOut: \(ended.stdout)")
    }

    @Test func anInterruptedResponderEndsTheCommandItRuns() throws {
        try cli("init")
        let marker = scratch.path("still-running")
        let busy = try responder(
            "weather.now", "--sender", "busy", "--exec", "sleep 30; touch '\(marker)'", "--exec-timeout", "60s")
        let asking = try cli.start("request", "weather.now", "--timeout", "60s")
        #expect(try eventually { try !cli("tail", "--limit", "1").stdout.isEmpty })
        busy.send(SIGTERM)
        let ended = try #require(busy.waitForExit(timeout: .seconds(20)), "the responder waited for its command")
        #expect(ended.status == 0)
        let asked = try #require(asking.waitForExit(timeout: .seconds(30)))
        #expect(asked.status == 0, "a failure is an answer")
        #expect(
            asked.stdout.hasPrefix("busy failed: the responder was interrupted\nallAnswered: 1 of 1 asked"),
            "\(asked.stdout)")
        #expect(!FileManager.default.fileExists(atPath: marker), "the command's shell was ended with it")
    }

    @Test func aFailingCommandAnswersWithAFailure() throws {
        try cli("init")
        let failing = try responder("weather.now", "--sender", "broken", "--exec", "echo 'no sensor' >&2; exit 3")
        let asked = try cli("request", "weather.now")
        #expect(asked.status == 0, "a failure is an answer")
        #expect(
            asked.stdout.hasPrefix(
                "broken failed: the command ended with exit status 3: no sensor\nallAnswered: 1 of 1 asked"))
        failing.send(SIGTERM)
        _ = failing.waitForExit()
    }

    /// A command past `--exec-timeout` is ended with its process group, and
    /// the requester gets a failure saying so, well within its own timeout:
    /// a command still running, and one whose shell exited but left a child
    /// holding its output.
    @Test(arguments: ["sleep 30; echo 1", "(sleep 30; touch late) & echo 1"])
    func aCommandPastItsTimeLimitIsEndedAndTheRequesterTold(command: String) throws {
        try cli("init")
        let slow = try responder(
            "weather.now", "--sender", "slow", "--exec", "cd '\(scratch.path("."))' && \(command)",
            "--exec-timeout", "500ms")
        let started = ContinuousClock.now
        let asked = try cli("request", "weather.now", "--timeout", "20s")
        #expect(started.duration(to: .now) < .seconds(10), "the answer waited for the command")
        #expect(asked.status == 0, "a failure is an answer")
        #expect(
            asked.stdout.hasPrefix(
                "slow failed: the command did not finish within 500ms (--exec-timeout) and was ended\n"),
            "\(asked.stdout)")
        // The failure goes out once the command's output has closed, which
        // a child holding it does only by ending: by now it cannot touch the
        // file any more.
        #expect(!FileManager.default.fileExists(atPath: scratch.path("late")), "the child was ended too")
        slow.send(SIGTERM)
        _ = slow.waitForExit()
    }

    /// A reply the journal refuses goes out as a failure, and the responder
    /// says so: it never prints `replied` for an answer nobody could read.
    @Test func aReplyTooLargeToJournalIsReportedAsTheFailureItBecame() throws {
        try cli("init")
        let large = "\"" + String(repeating: "x", count: 1 << 20) + "\""
        try scratch.write(large, to: "large.json")
        let answering = try responder("weather.now", "--sender", "big", "--reply", "@" + scratch.path("large.json"))
        let asked = try cli("request", "weather.now")
        #expect(asked.status == 0, "a failure is an answer")
        #expect(asked.stdout.hasPrefix("big failed: payload of weather.now is "), "\(asked.stdout.prefix(200))")
        answering.send(SIGTERM)
        let ended = try #require(answering.waitForExit())
        #expect(!ended.stdout.contains("replied"), "\(ended.stdout)")
        #expect(ended.stdout.contains("from noticectl: failed: payload of weather.now is "), "\(ended.stdout)")
    }

    @Test(arguments: [
        (["request", "weather.now", "--max", "0"], "error: --max must be at least 1"),
        (
            ["request", "weather.now", "--timeout", "soon"],
            "error: The value 'soon' is invalid for '--timeout <timeout>'"
        ),
        (["request", "news.*x", "--payload", "{"], "error: --payload is not one JSON value"),
        (["respond", "weather.now"], "error: give exactly one of --reply and --exec"),
        (
            ["respond", "weather.now", "--exec", "true", "--exec-timeout", "0s"],
            "error: --exec-timeout must be more than 0"
        ),
        (["respond", "weather.now", "--reply", "{", "--sender", "s"], "error: --reply is not one JSON value"),
    ])
    func badInputIsOneLineAndChangesNothing(arguments: [String], message: String) throws {
        try cli("init")
        let outcome = try cli.run(arguments)
        #expect(outcome.status != 0)
        #expect(outcome.stderr.hasPrefix(message), "\(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").count <= 2, "one line, and at most a help hint")
        #expect(try cli("tail").stdout == "")
    }
}
