import Foundation
import NoticeHub
@testable import NoticeHubCommands
@testable import noticectl
import Testing
import TestSupport

/// noticectl follows the conventions of the tools people know: tail's -n and
/// -f, a short flag for the journal, numbers grouped the same everywhere, and
/// completion of paths.
struct ConventionsTests {
    /// A journal of 15 notices: `n1` to `n15`, the odd ones from `odd`.
    static func journal() throws -> NoticectlRunner {
        let scratch = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: scratch.path("noticehub.sqlite")), durability: .never)
        for index in 1...15 {
            try hub.post(NoticeName(validating: "n\(index)"), sender: index % 2 == 1 ? "odd" : "even")
        }
        try hub.close()
        return NoticectlRunner(in: scratch)
    }

    static func sequences(_ outcome: Outcome) -> [String] {
        outcome.lines.map { String($0.prefix { $0 != " " }) }
    }

    @Test func tailDashNListsTheLastNoticesTheFiltersSelect() throws {
        let cli = try Self.journal()
        #expect(Self.sequences(try cli("tail", "-n", "3")) == ["13", "14", "15"])
        #expect(Self.sequences(try cli("tail", "--last", "3", "--sender", "odd")) == ["11", "13", "15"])
        #expect(Self.sequences(try cli("tail", "-n", "40", "--sender", "even")).count == 7)
        #expect(try cli("tail", "-n", "0") == .success(""))
        #expect(Self.sequences(try cli("tail", "--limit", "2")) == ["1", "2"], "--limit still stops after N")
        #expect(Self.sequences(try cli("tail", "--sender", "odd", "--from", "4", "--limit", "2")) == ["5", "7"])
        #expect(try cli("tail", "--sender", "nobody") == .success(""))
    }

    @Test func tailDashFStartsWithTheLastTenAsTailDoes() throws {
        let cli = try Self.journal()
        // --limit ends the follow once it printed that many.
        #expect(Self.sequences(try cli("tail", "-f", "--limit", "3")) == ["6", "7", "8"])
        #expect(Self.sequences(try cli("tail", "--follow", "-n", "2", "--limit", "2")) == ["14", "15"])
        #expect(Self.sequences(try cli("tail", "-f", "--from", "1", "--limit", "2")) == ["1", "2"])
        #expect(
            Self.sequences(try cli("tail", "-f", "--sender", "odd", "--limit", "2")) == ["1", "3"],
            "fewer than ten selected: all of them")
    }

    @Test func dashDNamesTheJournal() throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        #expect(try cli("post", "greeting", "-d", "other.sqlite") == .success("1\n"))
        #expect(scratch.exists("other.sqlite") && !scratch.exists("noticehub.sqlite"))
        #expect(Self.sequences(try cli("tail", "-d", "other.sqlite")) == ["1"])
    }

    @Test func exportProgressGroupsItsNumbersAsImportDoes() {
        #expect(ExportStatus.text(120_000) == "exported 120,000 notices")
        #expect(ExportStatus.text(1) == "exported 1 notice")
    }

    @Test func completionScriptsCompleteJournalPathsAndSubcommands() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        let bash = try cli("--generate-completion-script", "bash")
        #expect(bash.status == 0)
        #expect(bash.stdout.contains("'-d'|'--db')\n        __noticectl_add_completions -f"))
        #expect(bash.stdout.contains("projections"))
        let zsh = try cli("--generate-completion-script", "zsh")
        #expect(zsh.status == 0 && zsh.stdout.contains("_files"))
    }

    @Test func countsInTextAreGroupedAndSequencesAreNot() throws {
        let scratch = TemporaryDirectory()
        let lines = (1...1_200).map { #"{"name":"n","payload":\#($0)}"# }.joined(separator: "\n")
        try lines.write(toFile: scratch.path("notices.jsonl"), atomically: true, encoding: .utf8)
        let cli = NoticectlRunner(in: scratch)
        #expect(try cli("import", "notices.jsonl") == .success("imported 1,200, already present 0\n"))
        let stats = try cli("stats").stdout
        #expect(stats.hasPrefix("notices: 1,200\n  n: 1,200\nfirst: #1 at "), "\(stats)")
        #expect(stats.contains("\nlast: #1200 at "))
        #expect(try cli("verify") == .success("ok: state agrees with the journal (1,200 notices)\n"))
    }

    @Test func aPayloadThatIsNotJSONIsAUsageError() throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        let outcome = try cli("post", "chat.said", "--payload", "{bad")
        #expect(outcome.status == 64)
        #expect(outcome.stderr.hasPrefix("error: --payload is not one JSON value: "), "\(outcome)")
        #expect(!scratch.exists("noticehub.sqlite"), "a refused post creates no journal")
        #expect(try cli("request", "weather.now", "--payload", "[1,").status == 64)
    }

    @Test func versionIsTheRootCommandsFlagAlone() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        #expect(
            try cli("--version")
                == .success("noticectl \(NoticeHub.release) (journal schema \(SQLiteJournal.schemaVersion))\n"))
        #expect(try cli("--help").stdout.contains("--version"))
        for command in ["tail", "post", "news like", "projections rebuild"] {
            let help = try cli.run(command.split(separator: " ").map(String.init) + ["--help"]).stdout
            #expect(!help.contains("--version"), "\(command) --help lists --version")
        }
    }
}
