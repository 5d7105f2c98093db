import ArgumentParser
@testable import NoticeHubCommands
@testable import noticectl
import Testing
import TestSupport

struct HelpTests {
    /// Every command's path, found by walking the real command tree, so a
    /// command added later is held to the same rule.
    static let commandPaths: [[String]] = {
        func paths(_ command: any ParsableCommand.Type, _ prefix: [String]) -> [[String]] {
            [prefix]
                + command.configuration.subcommands.flatMap {
                    paths($0, prefix + [$0.configuration.commandName ?? ""])
                }
        }
        return paths(Noticectl.self, [])
    }()

    @Test(arguments: commandPaths)
    func everyCommandsHelpShowsAnExample(path: [String]) throws {
        let outcome = try NoticectlRunner(in: TemporaryDirectory()).run(path + ["--help"])
        #expect(outcome.status == 0)
        #expect(outcome.stderr.isEmpty)
        #expect(outcome.stdout.contains("\nExample:\n  noticectl "))
        #expect(outcome.stdout.contains("USAGE: " + (["noticectl"] + path).joined(separator: " ")))
    }

    @Test func theRootHelpListsEverySubcommand() throws {
        let outcome = try NoticectlRunner(in: TemporaryDirectory())("--help")
        let names = [
            "init", "post", "tail", "news", "projections", "subscribe", "request", "respond",
            "verify", "stats", "export", "import", "archive", "trim", "retention", "erase", "demo", "version",
        ]
        for name in names {
            #expect(outcome.stdout.contains("\n  \(name) "), "missing \(name)")
        }
        // The news commands' earlier spellings still run, unlisted.
        for name in ["like", "unlike", "feed", "detail", "profile", "replay"] {
            #expect(!outcome.stdout.contains("\n  \(name) "), "\(name) is listed")
        }
        for name in ["feed", "detail", "profile", "replay"] {
            #expect(HelpTests.commandPaths.contains(["news", name]))
        }
        #expect(HelpTests.commandPaths.contains(["news", "like"]))
        #expect(HelpTests.commandPaths.contains(["news", "unlike"]))
        #expect(HelpTests.commandPaths.contains(["news", "publish"]))
    }

    @Test func theHelpCommandShowsASubcommandsHelp() throws {
        let outcome = try NoticectlRunner(in: TemporaryDirectory())("help", "news", "like")
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("USAGE: noticectl news like"))
    }

    @Test(arguments: [["--version"], ["version"]])
    func theVersionNamesTheToolAndTheSchemaItWrites(arguments: [String]) throws {
        let scratch = TemporaryDirectory()
        let outcome = try NoticectlRunner(in: scratch).run(arguments)
        #expect(outcome.status == 0 && outcome.stderr.isEmpty)
        #expect(outcome.stdout.wholeMatch(of: #/noticectl \d+\.\d+\.\d+ \(journal schema \d+\)\n/#) != nil)
        #expect(try scratch.listing().isEmpty)
    }

    @Test func helpCreatesNoJournal() throws {
        let scratch = TemporaryDirectory()
        try NoticectlRunner(in: scratch)("tail", "--help")
        #expect(try scratch.listing().isEmpty)
    }
}
