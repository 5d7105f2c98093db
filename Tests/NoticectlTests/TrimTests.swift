import Foundation
import Testing
import TestSupport

/// `noticectl trim`: what it removes, where the listing commands start
/// afterwards, and what it refuses, changing nothing.
struct TrimTests {
    /// A journal of `count` notices named word.
    static func journal(of count: Int) throws -> NoticectlRunner {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        for index in 1...count { try cli("post", "word", "--payload", #"{"index":\#(index)}"#) }
        return cli
    }

    @Test func trimmedNoticesAreGoneAndListingsStartAtTheFirstRetained() throws {
        let cli = try Self.journal(of: 5)
        let before = try cli("export").lines
        #expect(try cli("trim", "--through", "3") == .success("removed 3 notices; the journal starts at #4\n"))
        #expect(try cli("export") == .success(before.suffix(2).map { $0 + "\n" }.joined()))
        #expect(try cli("tail").lines.map { $0.split(separator: " ").first } == ["4", "5"])
        #expect(try cli("verify") == .success("ok: state agrees with the journal (2 notices)\n"))
        let stats = try cli("stats", "--json")
        #expect(stats.stdout.contains(#""notices":2"#) && stats.stdout.contains(#""firstSeq":4"#))
        #expect(
            try cli("tail", "--from", "2")
                == Outcome(
                    status: 1, stdout: "",
                    stderr: "error: the journal was trimmed: its notices start at #4, and a read from #2 would "
                        + "skip those before; start at #4 or later\n"))
        #expect(try cli("post", "word").status == 0)
        #expect(try cli("tail", "-n", "1").lines.first?.hasPrefix("6 ") == true)
    }

    @Test(arguments: [
        (
            ["trim", "--through", "5"], 1,
            "error: cannot trim: #5 is not below the journal's last notice (#5), which it keeps so that "
                + "sequence numbers are never reused\n"
        ),
        (["trim", "--through", "0"], 64, "error: --through must be at least 1\n"),
        (["trim", "--through", "2", "--batch-size", "0"], 64, "error: --batch-size must be at least 1\n"),
    ])
    func badTrimsAreRefusedAndChangeNothing(arguments: [String], status: Int32, message: String) throws {
        let cli = try Self.journal(of: 5)
        let before = try cli("export")
        let outcome = try cli.run(arguments)
        #expect(outcome.status == status)
        #expect(outcome.stderr.hasPrefix(message))
        #expect(try cli("export") == before)
    }

    @Test func aTrimOfAMissingJournalCreatesNothing() throws {
        let directory = TemporaryDirectory()
        let cli = NoticectlRunner(in: directory)
        let outcome = try cli("trim", "--through", "1", "--db", "typo.sqlite")
        #expect(outcome.status == 1)
        #expect(!FileManager.default.fileExists(atPath: directory.path("typo.sqlite")))
    }
}
