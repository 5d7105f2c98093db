import NoticeDemos
import Synchronization
import Testing
import TestSupport

struct DemoTests {
    /// What the library's in-memory demo prints, as `print` would write it.
    static func printed(by demo: Demo) async throws -> String {
        let output = Mutex("")
        try await demo.run { line in output.withLock { $0 += line + "\n" } }
        return output.withLock { $0 }
    }

    @Test(arguments: Demo.allCases)
    func demoPrintsExactlyTheLibrarysLines(demo: Demo) async throws {
        let scratch = TemporaryDirectory()
        #expect(try NoticectlRunner(in: scratch)("demo", demo.rawValue) == .success(try await Self.printed(by: demo)))
        #expect(try scratch.listing().isEmpty)
    }

    /// The README's main job: the news document on a journal, twice. The
    /// document's lines each time, a journal that grows, and alice ends
    /// each run with no likes.
    @Test func theJournaledNewsDemoKeepsItsStateAcrossRuns() async throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        let document = try await Self.printed(by: .news)
        for notices in [9, 13] {
            #expect(
                try cli("demo", "news", "--journal")
                    == .success(
                        document + """
                            journal ./noticehub.sqlite holds \(notices) notices
                            replaying it gives the stored state: yes

                            """))
            #expect(try cli("news", "profile", "alice") == .success("alice: 0 likes given\n"))
            #expect(try cli("news", "feed") == .success("#1 News1: 1 like\n#2 News2: 2 likes\n"))
        }
        #expect(try cli("verify") == .success("ok: state agrees with the journal (13 notices)\n"))
    }

    /// The search history on a journal: the second run starts from the
    /// terms of the first, most recent first, each once.
    @Test func theJournaledSearchHistoryKeepsItsTermsAcrossRuns() async throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        let first = try cli("demo", "search-history", "--journal")
        #expect(first == .success(try await Self.printed(by: .searchHistory)))
        #expect(first.lines.first == "history: (empty)")
        let second = try cli("demo", "search-history", "--journal")
        #expect(second.status == 0)
        #expect(second.lines.first == first.lines.last, "the first run's terms, restored")
        #expect(second.lines.last == "history: swift, mediator, sqlite")
        #expect(try scratch.listing().first == "noticehub.sqlite", "the default journal")
    }

    @Test func theJournaledNewsDemoUsesDbOrTheEnvironment() throws {
        let scratch = TemporaryDirectory()
        var cli = NoticectlRunner(in: scratch)
        let explicit = try cli("demo", "news", "--journal", "--db", "news.sqlite")
        #expect(
            explicit.lines.suffix(2) == [
                "journal news.sqlite holds 9 notices", "replaying it gives the stored state: yes",
            ])
        cli.environment["NOTICEHUB_DB"] = "news.sqlite"
        let fromEnvironment = try cli("demo", "news", "--journal")
        #expect(
            fromEnvironment.lines.suffix(2) == [
                "journal news.sqlite holds 13 notices", "replaying it gives the stored state: yes",
            ])
        #expect(try scratch.listing() == ["news.sqlite"])
    }
}
