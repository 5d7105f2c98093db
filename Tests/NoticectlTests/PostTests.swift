import Foundation
import Testing
import TestSupport

struct PostTests {
    @Test func postPrintsOnlyTheSequenceNumberOfADurableNotice() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        #expect(try cli("post", "greeting", "--sender", "Athos") == .success("1\n"))
        #expect(try cli("post", "greeting", "--payload", #"{"to":"Porthos"}"#) == .success("2\n"))
        let listing = try cli("tail")
        #expect(
            Stable.text(listing.stdout) == """
                1 TIME greeting Athos {}
                2 TIME greeting - {"to":"Porthos"}

                """)
    }

    @Test func aPayloadVersionIsJournaledAndExportedAndABadOneIsAUsageError() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        #expect(try cli("post", "memo.saved", "--payload-version", "2") == .success("1\n"))
        #expect(
            try cli("post", "memo.saved", "--payload-version", "0")
                == .usageError("--payload-version 0 is not one of 1...2147483647", command: "noticectl post"))
        #expect(
            Stable.text(try cli("export").stdout)
                == #"{"seq":1,"id":"ID","name":"memo.saved","version":2,"payload":{},"postedAt":"TIME"}"# + "\n")
    }

    @Test func metadataIsJournaledAndExportedAndBadMetadataIsAUsageError() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        #expect(
            try cli("post", "order.placed", "--metadata", "tenant=acme", "--metadata", "query=a=b&c=")
                == .success("1\n"))
        #expect(
            Stable.text(try cli("export").stdout)
                == #"{"seq":1,"id":"ID","name":"order.placed","metadata":{"query":"a=b&c=","tenant":"acme"},"#
                + #""payload":{},"postedAt":"TIME"}"# + "\n")
        #expect(
            try cli("post", "order.placed", "--metadata", "tenant")
                == .usageError(#"--metadata "tenant" is not key=value"#, command: "noticectl post"))
        #expect(
            try cli("post", "order.placed", "--metadata", "a=1", "--metadata", "a=2")
                == .usageError(#"--metadata gives "a" twice"#, command: "noticectl post"))
        #expect(
            try cli("post", "order.placed", "--metadata", "tenant id=acme")
                == .usageError(
                    #"--metadata: invalid metadata field "tenant id": a key holds only ASCII letters, digits, '.', '-' and '_'"#,
                    command: "noticectl post"))
        #expect(try cli("export").lines.count == 1, "nothing posted")
    }

    @Test func namesSendersAndPayloadsFullOfQuotesAndSQLAreStoredAsData() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        let name = "x'); DROP TABLE notices; --"
        let sender = #"O"Brien; DELETE FROM likes"#
        let payload = #"{"sql":"'); DROP TABLE news; --","quote":"\"\\","emoji":"⚔️","nested":{"a":[1,2.5,null,true]}}"#
        #expect(try cli("post", name, "--sender", sender, "--payload", payload) == .success("1\n"))
        #expect(try cli("post", "after") == .success("2\n"))
        let listing = try cli("tail", "--json")
        #expect(
            Stable.text(listing.stdout) == """
                {"seq":1,"id":"ID","name":"x'); DROP TABLE notices; --","sender":"O\\"Brien; DELETE FROM likes",\
                "payload":\(payload),"postedAt":"TIME"}
                {"seq":2,"id":"ID","name":"after","payload":{},"postedAt":"TIME"}

                """)
        #expect(try cli("tail", "--name", name, "--sender", sender).lines.count == 1)
    }

    @Test func aPayloadCanComeFromAFileOrStandardInput() throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        // Larger than one command-line argument may be on Linux (128 KiB).
        let text = String(repeating: "a", count: 300_000)
        try scratch.write(#"{"text":"\#(text)"}"#, to: "payload.json")
        #expect(try cli("post", "big", "--payload", "@payload.json") == .success("1\n"))
        #expect(try cli("post", "piped", "--payload", "@-", input: #"{"from":"stdin"}"#) == .success("2\n"))
        let listing = try cli("export")
        #expect(listing.lines.count == 2)
        #expect(listing.lines[0].contains(#""payload":{"text":"\#(text)"}"#))
        #expect(listing.lines[1].contains(#""payload":{"from":"stdin"}"#))
    }

    @Test func aPayloadOverOneMebibyteIsRefusedAndNothingIsJournaled() throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        try cli("post", "before")
        let filler = String(repeating: "b", count: 1 << 20)
        try scratch.write(#"{"blob":"\#(filler)"}"#, to: "big.json")
        let before = try cli("export")
        #expect(
            try cli("post", "big", "--payload", "@big.json")
                == .failure("payload of big is \((1 << 20) + 11) bytes, more than the 1048576 allowed"))
        #expect(try cli("export") == before)
    }

    /// Text that is not JSON is a usage error (64); a file that cannot be
    /// read is a failure (1).
    @Test(arguments: [
        (
            "[1,",
            Outcome.usageError(
                "--payload is not one JSON value: unexpected end of input at byte 3", command: "noticectl post")
        ),
        (
            "text",
            .usageError(
                "--payload is not one JSON value: unexpected character 'e' at byte 1", command: "noticectl post")
        ),
        (
            #"{"a":1"#,
            .usageError("--payload is not one JSON value: unexpected end of input at byte 6", command: "noticectl post")
        ),
        ("@missing.json", .failure("cannot read payload file missing.json: No such file or directory")),
    ])
    func aMalformedPayloadIsRefused(payload: String, outcome: Outcome) throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        try cli("post", "before")
        let before = try cli("export")
        #expect(try cli("post", "x", "--payload", payload) == outcome)
        #expect(try cli("export") == before)
    }

    @Test func theJournalIsDbElseTheEnvironmentElseTheWorkingDirectory() throws {
        let scratch = TemporaryDirectory()
        var cli = NoticectlRunner(in: scratch)
        try cli("post", "here")
        #expect(try scratch.listing() == ["noticehub.sqlite"])

        cli.environment["NOTICEHUB_DB"] = "from-env.sqlite"
        try cli("post", "there")
        #expect(try cli("tail").lines.count == 1)
        #expect(scratch.exists("from-env.sqlite"))

        #expect(try cli("post", "elsewhere", "--db", "explicit.sqlite") == .success("1\n"))
        #expect(try cli("tail", "--db", "explicit.sqlite", "--json").lines.count == 1)
        #expect(try cli("tail", "--db", "noticehub.sqlite").lines.count == 1)
    }

    /// Bytes that are not UTF-8 are refused, not repaired with U+FFFD.
    @Test func aPayloadFileThatIsNotUTF8IsRefusedAndNothingIsJournaled() throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        try cli("post", "before")
        try Data([UInt8](#"{"a":"x"#.utf8) + [0xFF] + [UInt8](#"y"}"#.utf8)).write(
            to: scratch.url.appendingPathComponent("bad.json"))
        let before = try cli("export")
        #expect(try cli("post", "x", "--payload", "@bad.json") == .failure("payload file bad.json is not valid UTF-8"))
        #expect(try cli("export") == before)
    }

    @Test func aPayloadFileThatIsADirectoryIsRefused() throws {
        let scratch = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: scratch.path("folder"), withIntermediateDirectories: false)
        #expect(
            try NoticectlRunner(in: scratch)("post", "x", "--payload", "@folder")
                == .failure("cannot read payload file folder: it is a directory"))
        #expect(try scratch.listing() == ["folder"])
    }
}
