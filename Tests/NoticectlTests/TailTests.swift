import Testing
import TestSupport

struct TailTests {
    /// Six notices from three senders under three names.
    static func journal() throws -> NoticectlRunner {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        for (name, sender) in [("a", "s1"), ("b", "s2"), ("a", "s2"), ("c", "s1"), ("a", "s1"), ("b", "s1")] {
            try cli("post", name, "--sender", sender, "--payload", #"{"n":"\#(name)\#(sender)"}"#)
        }
        return cli
    }

    @Test func listsEveryNoticeInOrderInTheReadableForm() throws {
        let cli = try Self.journal()
        let listing = try cli("tail")
        #expect(listing.status == 0 && listing.stderr.isEmpty)
        #expect(
            Stable.text(listing.stdout) == """
                1 TIME a s1 {"n":"as1"}
                2 TIME b s2 {"n":"bs2"}
                3 TIME a s2 {"n":"as2"}
                4 TIME c s1 {"n":"cs1"}
                5 TIME a s1 {"n":"as1"}
                6 TIME b s1 {"n":"bs1"}

                """)
    }

    /// Names and senders that would not read as one field each are quoted,
    /// with what cannot be seen spelled out; the JSON form keeps them as stored.
    @Test func namesAndSendersThatWouldNotReadAsOneFieldAreQuoted() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        let cases: [(name: String, sender: String, shown: String)] = [
            ("plain", "Component A", #"plain "Component A""#),
            ("zero\u{200B}width", "-", #""zero\u{200B}width" "-""#),
            ("bidi\u{202E}txt", #"say "hi"\"#, #""bidi\u{202E}txt" "say \"hi\"\\""#),
            ("no\u{00A0}break", "tab\u{3000}wide", #""no\u{A0}break" "tab\u{3000}wide""#),
            ("ümlaut.名前", "Athos", "ümlaut.名前 Athos"),
        ]
        for (name, sender, _) in cases { try cli("post", name, "--sender", sender) }
        let lines = Stable.text(try cli("tail").stdout).split(separator: "\n").map(String.init)
        #expect(lines == cases.enumerated().map { "\($0.offset + 1) TIME \($0.element.shown) {}" })
        let json = try cli("tail", "--json").stdout
        #expect(json.contains(#""name":"zero\#u{200B}width","sender":"-""#))
    }

    @Test(arguments: [
        ([], [1, 2, 3, 4, 5, 6]),
        (["--from", "3"], [3, 4, 5, 6]),
        (["--name", "a"], [1, 3, 5]),
        (["--sender", "s2"], [2, 3]),
        (["--name", "a", "--sender", "s1"], [1, 5]),
        (["--limit", "2"], [1, 2]),
        (["--from", "2", "--name", "a", "--limit", "1"], [3]),
        (["--from", "7"], []),
        (["--limit", "0"], []),
    ])
    func filtersByStartNameSenderAndLimit(options: [String], sequences: [Int]) throws {
        let cli = try Self.journal()
        for form in [[], ["--json"]] {
            let listing = try cli.run(["tail"] + options + form)
            #expect(listing.status == 0)
            let printed = listing.lines.map { line in
                Int(line.split(separator: form.isEmpty ? " " : ",")[0].filter(\.isNumber)) ?? -1
            }
            #expect(printed == sequences)
        }
    }

    /// `--name` takes a pattern: `feed.*` one segment, `feed.>` one or more.
    /// (Not `news.*`: the news domain refuses news notices without payload.)
    @Test(arguments: [
        ("feed.*", ["feed.liked", "feed.unliked"]),
        ("feed.>", ["feed.liked", "feed.liked.twice", "feed.unliked"]),
        ("*.liked", ["sport.liked", "feed.liked"]),
    ])
    func aNamePatternListsTheMatchingNotices(pattern: String, names: [String]) throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        for name in ["news", "feed", "sport.liked", "feed.liked", "feed.liked.twice", "feed.unliked"] {
            try cli("post", name)
        }
        let listing = try cli("tail", "--name", pattern)
        #expect(listing.status == 0 && listing.stderr.isEmpty)
        #expect(listing.lines.map { String($0.split(separator: " ")[2]) } == names)
    }

    @Test func followingANamePatternPrintsTheMatchingLiveNotices() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        try cli("post", "feed.liked")
        let tail = try cli.start("tail", "--follow", "--name", "feed.*", "--limit", "3")
        try #require(tail.waitForLines(1))
        try cli("post", "feed")
        try cli("post", "feed.liked.twice")
        try cli("post", "feed.read")
        try #require(tail.waitForLines(2))
        try cli("post", "feed.unliked")
        let outcome = try #require(tail.waitForExit())
        #expect(outcome.status == 0)
        #expect(
            Stable.text(outcome.stdout) == """
                1 TIME feed.liked - {}
                4 TIME feed.read - {}
                5 TIME feed.unliked - {}

                """)
    }

    @Test func anEmptyJournalListsNothing() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        try cli("init")
        #expect(try cli("tail", "--json") == .success(""))
    }
}
