import Foundation
import NoticeHub
import Testing
import TestSupport

/// One JSON vocabulary across commands (docs/CommandLine.md): a sequence
/// number is a `seq`, a value that is absent is left out and never `null`,
/// and each command's `--json` prints one line shape, or lines that `kind`
/// tells apart.
struct JSONVocabularyTests {
    @Test func aNoticeWithoutASenderHasNoSenderKey() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        try cli("post", "anonymous")
        try cli("post", "signed", "--sender", "Athos")
        let lines = try cli("tail", "--json").lines
        #expect(lines.count == 2)
        #expect(!lines[0].contains("sender") && !lines[0].contains("null"), "\(lines[0])")
        #expect(lines[1].contains(#""sender":"Athos""#))
        #expect(try cli("export").lines == lines, "export and tail --json print the same lines")
    }

    @Test func statsNamesItsBoundsSeqAndLeavesOutWhatAnEmptyJournalLacks() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        try cli("init")
        let empty = try cli("stats", "--json").stdout
        #expect(!empty.contains("null") && !empty.contains("firstSeq") && !empty.contains("PostedAt"), "\(empty)")
        try cli("post", "a")
        try cli("post", "b")
        let two = try cli("stats", "--json").stdout
        #expect(two.contains(#""firstSeq":1,"lastSeq":2,"#), "\(two)")
        #expect(!two.contains("Sequence"))
    }

    @Test func requestsStopLineIsTaggedByKind() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        try cli("init")
        let responder = try cli.start("respond", "weather.now", "--sender", "station", "--reply", #"{"celsius":21}"#)
        try #require(responder.waitForLines(1))
        let asked = try cli("request", "weather.now", "--json")
        responder.send(SIGTERM)
        _ = responder.waitForExit()
        #expect(asked.lines.count == 2, "\(asked)")
        #expect(asked.lines.first?.contains(#""kind":"reply""#) == true)
        #expect(
            asked.lines.last?.hasPrefix(#"{"kind":"stop","stopReason":"allAnswered","asked":1,"replies":1,"request":""#)
                == true,
            "\(asked)")

        let nobody = try cli("request", "weather.none", "--json")
        #expect(
            nobody
                == Outcome(
                    status: 1, stdout: #"{"kind":"stop","stopReason":"noResponders","asked":0,"replies":0}"# + "\n",
                    stderr: ""))
    }

    @Test func theFeedPrintsOneObjectPerLine() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        try cli("news", "publish", "1", "News1")
        try cli("news", "publish", "2", "News2")
        #expect(
            try cli("news", "feed", "--json")
                == .success(
                    """
                    {"id":1,"title":"News1","likes":0}
                    {"id":2,"title":"News2","likes":0}

                    """))
    }
}
