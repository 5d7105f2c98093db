import Foundation
import Testing
import TestSupport

/// A write refused on a journal that did not exist leaves no file behind:
/// bad input changes nothing, not even the directory.
struct RefusedFirstWriteTests {
    @Test(arguments: [
        (["news", "like", "9", "--user", "alice"], "news.liked refused: news 9 does not exist"),
        (["news", "unlike", "9", "--user", "alice"], "news.unliked refused: news 9 does not exist"),
        (["news", "publish", "3", ""], "news.published refused: the title is empty"),
        (["import", "bad.jsonl"], "line 2: not valid JSON ("),
    ])
    func aRefusedFirstWriteLeavesNoJournal(arguments: [String], message: String) throws {
        let scratch = TemporaryDirectory()
        try scratch.write("{\"name\":\"ok\"}\n{\"name\":\n", to: "bad.jsonl")
        let listing = try scratch.listing()
        let outcome = try NoticectlRunner(in: scratch).run(arguments)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.hasPrefix("error: " + message))
        #expect(try scratch.listing() == listing)
    }

    /// A journal that was there stays, even when the write is refused.
    @Test func aRefusedWriteKeepsAnExistingEmptyJournal() throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        try cli("init")
        #expect(try cli.run(["news", "like", "9", "--user", "alice"]).status == 1)
        #expect(scratch.exists("noticehub.sqlite"))
        #expect(try cli("stats", "--json").stdout.contains(#""notices":0"#))
    }

    /// What a first write journaled stays, even when a later step fails.
    @Test func aFirstWriteThatSucceededKeepsItsJournal() throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        #expect(try cli.run(["post", "greeting"]) == .success("1\n"))
        #expect(scratch.exists("noticehub.sqlite"))
    }
}
