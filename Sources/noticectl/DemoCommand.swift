import NoticeHubCommands
import ArgumentParser
import NoticeDemos
import NoticeNews

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run one of the source documents' scenarios.",
        discussion: """
            Prints exactly the lines the documents print. With --journal, the news \
            scenario runs on the journal instead of in memory: seeded once, its \
            colleagues rebuilt from the stored state, so the journal grows on every \
            run while alice ends each run with no likes. The search-history scenario \
            on a journal starts from the terms its earlier runs searched for.

            Example:
              noticectl demo musketeers
              noticectl demo news --journal --db news.sqlite
              noticectl demo search-history --journal
            """
    )

    @Argument(
        help: ArgumentHelp(
            "The scenario: \(Self.scenarioNames).", valueName: "scenario"))
    var name: String

    private static var scenarioNames: String { Demo.allCases.map(\.rawValue).joined(separator: ", ") }

    /// The scenario `name` names; `validate()` has refused any other name.
    private var scenario: Demo { Demo(rawValue: name)! }

    @Flag(help: "Run the news or search-history scenario on the journal (--db), which keeps its notices.")
    var journal = false

    @OptionGroup var database: JournalOptions

    func validate() throws {
        guard Demo(rawValue: name) != nil else {
            throw ValidationError("unknown scenario '\(name)': choose one of \(Self.scenarioNames)")
        }
        if journal && ![.news, .searchHistory].contains(scenario) {
            throw ValidationError("--journal applies to the news and search-history scenarios only")
        }
        if !journal && database.explicitPath != nil { throw ValidationError("--db applies with --journal only") }
    }

    func run() throws {
        if journal, scenario == .searchHistory {
            try database.writing { hub in try SearchHistoryDemo.run(on: hub) { print($0) } }
        } else if journal {
            try JournaledNewsDemo(path: database.displayName, hub: database.openHub(installing: [LikesProjection()]))
                .run()
        } else {
            let scenario = scenario
            try AsyncWork.wait { try await scenario.run { print($0) } }
        }
    }
}
