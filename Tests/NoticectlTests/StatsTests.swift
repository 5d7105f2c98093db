import Foundation
import NoticeHub
import Testing
import TestSupport

struct StatsTests {
    @Test func statsCountNoticesPerNameAndShowTheBounds() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        for name in ["b", "a", "b", "c", "b"] { try cli("post", name) }
        let text = try cli("stats")
        #expect(text.status == 0 && text.stderr.isEmpty)
        let stable = Stable.text(text.stdout).replacing(#/file size: [\d,]+ bytes/#, with: "file size: N bytes")
        #expect(
            stable == """
                notices: 5
                  a: 1
                  b: 3
                  c: 1
                first: #1 at TIME
                last: #5 at TIME
                file size: N bytes
                schema version: \(SQLiteJournal.schemaVersion)
                durable subscribers: none
                live responders: none

                """)

        let json = try cli("stats", "--json")
        let stableJSON = Stable.text(json.stdout).replacing(#/"fileSize":\d+/#, with: #""fileSize":N"#)
        #expect(
            stableJSON == """
                {"notices":5,"byName":[{"name":"a","count":1},{"name":"b","count":3},{"name":"c","count":1}],\
                "firstSeq":1,"lastSeq":5,"firstPostedAt":"TIME","lastPostedAt":"TIME","fileSize":N,\
                "schemaVersion":\(SQLiteJournal.schemaVersion),"subscribers":[],"responders":[]}

                """)
    }

    @Test func statsListTheRespondersRunningNow() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        try cli("init")
        let responder = try cli.start("respond", "weather.*", "--sender", "station", "--reply", "1")
        try #require(responder.waitForLines(1))
        #expect(try cli("stats").stdout.hasSuffix("live responders: 1\n  weather.*: station\n"))
        #expect(
            try cli("stats", "--json").stdout.hasSuffix(
                #""responders":[{"name":"weather.*","responder":"station"}]}"# + "\n"))
        responder.send(SIGTERM)
        #expect(try #require(responder.waitForExit()).status == 0)
        #expect(try cli("stats").stdout.hasSuffix("live responders: none\n"))
    }

    /// A row of `responders` whose key no claim has (negative, here) is
    /// passed over: it does not make the lock test fail for every row.
    @Test func aRespondersRowNoticeHubDidNotWriteIsPassedOver() throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        try cli("init")
        let responder = try cli.start("respond", "weather.now", "--sender", "station", "--reply", "1")
        try #require(responder.waitForLines(1))
        try SQLiteShell.run(
            scratch.path("noticehub.sqlite"),
            "INSERT INTO responders (key, name, responder, started_at) VALUES (-1, 'weather.now', 'ghost', 0)")
        #expect(try cli("stats").stdout.hasSuffix("live responders: 1\n  weather.now: station\n"))
        let asked = try cli("request", "weather.now", "--timeout", "30s")
        #expect(asked.status == 0 && asked.lines.first == "station 1", "\(asked)")
        responder.send(SIGTERM)
        _ = responder.waitForExit()
    }

    @Test func statsOfAnEmptyJournal() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        try cli("init")
        let json = try cli("stats", "--json")
        #expect(json.stdout.hasPrefix(#"{"notices":0,"byName":[],"fileSize":"#))
        #expect(try cli("stats").stdout.contains("first: none\nlast: none\n"))
    }
}
