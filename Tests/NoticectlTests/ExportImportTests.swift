import Foundation
import Testing
import TestSupport

struct ExportImportTests {
    /// A journal with news, odd names, a notice without sender and unicode.
    static func varied() throws -> (TemporaryDirectory, NoticectlRunner) {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        try cli("news", "publish", "1", "News1")
        try cli("news", "like", "1", "--user", "alice")
        try cli(
            "post", "x'); DROP TABLE notices; --", "--sender", #"a "quoted" sender"#,
            "--payload", #"{"text":"é ⚔️ \"q\" \\","list":[1,-2.5e3,null,false]}"#)
        try cli("post", "plain")
        return (scratch, cli)
    }

    @Test func exportThenImportIntoANewFileGivesTheSameJournal() throws {
        let (scratch, cli) = try Self.varied()
        let export = try cli("export")
        #expect(export.status == 0 && export.stderr.isEmpty)
        #expect(export.lines.count == 4)
        try scratch.write(export.stdout, to: "all.jsonl")

        #expect(try cli("import", "all.jsonl", "--db", "copy.sqlite") == .success("imported 4, already present 0\n"))
        #expect(try cli("export", "--db", "copy.sqlite") == export)
        #expect(try cli("verify", "--db", "copy.sqlite").status == 0)

        // Idempotent by notice id: the second run adds nothing.
        #expect(try cli("import", "all.jsonl", "--db", "copy.sqlite") == .success("imported 0, already present 4\n"))
        #expect(try cli("export", "--db", "copy.sqlite") == export)
    }

    /// `post` takes any JSON value, as the library takes any `Codable`
    /// payload; what export prints for such a notice, import takes back.
    /// An import into a journal that does not exist yet is built beside it,
    /// a few notices a transaction, and appears whole or not at all.
    @Test func anImportIntoANewJournalAppearsWholeOrNotAtAll() throws {
        let (scratch, cli) = try Self.varied()
        let export = try cli("export")
        try scratch.write(export.stdout, to: "all.jsonl")
        // What an interrupted run left is started afresh.
        try scratch.write("not a journal", to: "copy.sqlite.importing")
        #expect(
            try cli("import", "all.jsonl", "--db", "copy.sqlite", "--transaction-size", "1")
                == .success("imported 4, already present 0\n"))
        #expect(try cli("export", "--db", "copy.sqlite") == export)
        #expect(try cli("verify", "--db", "copy.sqlite").status == 0)
        #expect(try scratch.listing().filter { $0.contains("importing") }.isEmpty)

        // A bad last line, after three committed transactions: nothing appears.
        try scratch.write(export.stdout + "{\"name\":\n", to: "bad.jsonl")
        let refused = try cli("import", "bad.jsonl", "--db", "other.sqlite", "--transaction-size", "1")
        #expect(refused.status == 1 && refused.stderr.hasPrefix("error: line 5: not valid JSON"))
        #expect(try scratch.listing().filter { $0.contains("other.sqlite") }.isEmpty)
        #expect(
            try cli("import", "all.jsonl", "--transaction-size", "0")
                == .usageError("--transaction-size must be at least 1", command: "noticectl import"))
    }

    @Test func payloadsThatAreNotObjectsRoundTrip() throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        for payload in ["5", #""text""#, "[1,[2],{}]", "null", "-2.5"] {
            #expect(try cli("post", "value", "--payload=" + payload).status == 0, "\(payload)")
        }
        let export = try cli("export")
        #expect(export.status == 0 && export.stderr.isEmpty)
        #expect(
            export.lines.map { $0.firstMatch(of: #/"payload":(.*),"postedAt"/#).map { String($0.1) } }
                == ["5", #""text""#, "[1,[2],{}]", "null", "-2.5"])
        try scratch.write(export.stdout, to: "values.jsonl")
        #expect(try cli("import", "values.jsonl", "--db", "copy.sqlite") == .success("imported 5, already present 0\n"))
        #expect(try cli("export", "--db", "copy.sqlite") == export)
    }

    @Test func importReadsStandardInputAndSkipsBlankLines() throws {
        let (_, cli) = try Self.varied()
        let export = try cli("export")
        let input = "\n" + export.lines.joined(separator: "\n\n") + "\n   \n"
        #expect(
            try cli("import", "-", "--db", "copy.sqlite", input: input) == .success("imported 4, already present 0\n"))
        #expect(try cli("export", "--db", "copy.sqlite") == export)
    }

    /// From a later notice, an export starts with the state of the
    /// projections as of the notice before, unless told to leave it out.
    @Test func exportStartsWhereAsked() throws {
        let (_, cli) = try Self.varied()
        let all = try cli("export").lines
        #expect(try cli("export", "--from", "3", "--without-state").lines == Array(all.dropFirst(2)))
        let withState = try cli("export", "--from", "3").lines
        #expect(Array(withState.suffix(2)) == Array(all.dropFirst(2)))
        #expect(
            withState.dropLast(2) == [
                #"{"state":"news.likes","version":1,"schemaVersion":1,"through":2,"table":"news","columns":["id","title","likes"]}"#,
                #"{"row":[1,"News1",1]}"#,
                #"{"state":"news.likes","version":1,"schemaVersion":1,"through":2,"table":"likes","columns":["news_id","user"]}"#,
                #"{"row":[1,"alice"]}"#,
                #"{"state":"news.likes","version":1,"schemaVersion":1,"through":2,"table":"profiles","columns":["user","given_likes"]}"#,
                #"{"row":["alice",1]}"#,
            ])
        #expect(try cli("export", "--from", "9") == .success(""))
    }

    @Test(arguments: [
        ("{\"name\":\"ok\"}\n{\"name\":\"ok2\"}\n{\"name\":\n", "line 3: not valid JSON ("),
        ("{\"name\":\"ok\"}\n[1]\n", "line 2: not a JSON object"),
        ("{\"name\":\"ok\"}\n\n{\"sender\":\"s\"}\n", "line 3: the name is missing"),
        ("{\"name\":\"ok\",\"colour\":\"red\"}\n", #"line 1: unknown field "colour""#),
        (
            #"{"name":"news.liked","payload":{"newsID":9,"user":"alice"}}"# + "\n",
            "line 1: news.liked refused: news 9 does not exist"
        ),
        (
            #"{"name":"news.liked","payload":{"newsID":1,"user":"alice"}}"# + "\n",
            "line 1: news.liked refused: alice already likes news 1"
        ),
    ])
    func aMalformedOrRefusedLineStopsTheImportAndNamesIt(input: String, message: String) throws {
        let (scratch, cli) = try Self.varied()
        let before = try cli("export")
        try scratch.write(input, to: "bad.jsonl")
        let outcome = try cli("import", "bad.jsonl")
        #expect(outcome.status == 1)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.hasPrefix("error: " + message))
        #expect(outcome.stderr.filter { $0 == "\n" }.count == 1)
        #expect(try cli("export") == before)
    }

    /// Bytes that are not UTF-8 are refused, not repaired with U+FFFD.
    @Test func aLineThatIsNotUTF8StopsTheImportAndNamesIt() throws {
        let (scratch, cli) = try Self.varied()
        let bytes =
            [UInt8]("{\"name\":\"ok\"}\n{\"name\":\"bad\",\"payload\":{\"a\":\"x".utf8) + [0xFF]
            + [UInt8]("y\"}}\n{\"name\":\"after\"}\n".utf8)
        try Data(bytes).write(to: scratch.url.appendingPathComponent("bad.jsonl"))
        let before = try cli("export")
        #expect(try cli("import", "bad.jsonl") == .failure("line 2: not valid UTF-8"))
        #expect(try cli("export") == before)
    }

    @Test func aNoticeRepeatedWithinTheInputIsRefused() throws {
        let (scratch, cli) = try Self.varied()
        let line = #"{"id":"0af7f258-e014-8b1c-8000-00000000abcd","name":"twice"}"#
        try scratch.write("\(line)\n{\"name\":\"between\"}\n\(line)\n", to: "twice.jsonl")
        let before = try cli("export")
        #expect(
            try cli("import", "twice.jsonl")
                == .failure("line 3: notice 0af7f258-e014-8b1c-8000-00000000abcd appears earlier in this input"))
        #expect(try cli("export") == before)
    }

    @Test func anImportedPayloadOverOneMebibyteIsRefused() throws {
        let (scratch, cli) = try Self.varied()
        let filler = String(repeating: "z", count: 1 << 20)
        try scratch.write(
            "{\"name\":\"small\"}\n{\"name\":\"big\",\"payload\":{\"blob\":\"\(filler)\"}}\n", to: "big.jsonl")
        let before = try cli("export")
        #expect(
            try cli("import", "big.jsonl")
                == .failure("line 2: payload of big is \((1 << 20) + 11) bytes, more than the 1048576 allowed"))
        #expect(try cli("export") == before)
    }

    @Test func aMissingInputIsRefusedBeforeAnyJournalIsCreated() throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        #expect(try cli("import", "missing.jsonl") == .failure("cannot read missing.jsonl: No such file or directory"))
        try FileManager.default.createDirectory(atPath: scratch.path("folder"), withIntermediateDirectories: false)
        #expect(try cli("import", "folder") == .failure("cannot read folder: it is a directory"))
        #expect(try scratch.listing() == ["folder"])
    }
}
