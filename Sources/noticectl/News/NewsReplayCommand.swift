import NoticeHubCommands
import ArgumentParser
import NoticeHub
import NoticeNews

struct NewsReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Rebuild the news colleagues from the journal alone and print their state.",
        discussion: """
            Fresh feed, detail and profile colleagues receive the journal's news \
            notices again; the stored state is not read. --log prints what each \
            colleague receives, in the words of the news document. With --from, \
            the notices before it are left out, and the state is that of a journal \
            which began there (a note on stderr says so).

            Example:
              noticectl news replay --through 40 --json
              noticectl news replay --log
            """
    )

    @OptionGroup var journal: JournalOptions

    @OptionGroup var start: StartOption

    @Option(help: ArgumentHelp("Stop after this sequence number.", valueName: "seq"))
    var through: Int64?

    @Flag(help: "Print the state as one JSON object.")
    var json = false

    @Flag(help: "Print each delivery the colleagues receive.")
    var log = false

    func validate() throws {
        if let through, through < start.first { throw ValidationError("--through must not be before --from") }
    }

    func run() throws {
        let (state, replayed) = try replayJournal()
        if start.first > 1 {
            // Likes taken back after --from whose like came before it count
            // down from nothing: say so rather than print them as the truth.
            StandardError.writeLine(
                "note: notices before #\(start.first) were not replayed, so likes and profiles can be short or negative"
            )
        }
        if json {
            print(
                try OrderedJSONEncoder().encode(
                    ReplayJSON(feed: state.feed, profiles: state.profiles, replayed: replayed)))
        } else {
            print("feed:")
            for item in state.feed { print("  " + item.textLine) }
            print("profiles:")
            for profile in state.profiles { print("  " + profile.textLine) }
            print("replayed \(CountText.counted(replayed, "notice"))")
        }
    }

    private func replayJournal() throws -> (state: NewsState, replayed: Int) {
        let hub = try journal.openHub(creatingIfMissing: false)
        let progress = ProgressLine(printsMeanwhile: log)
        defer { progress.finish() }
        // The library reports no count while it replays; say what is under way.
        progress.show("replaying \(journal.displayName)…")
        let printLog: NewsLog? = log ? { @Sendable line in print(line) } : nil
        return try NewsStore.replayedState(of: hub, from: start.first, through: through, log: printLog)
    }
}

/// `replay --json`, keys in this order.
private struct ReplayJSON: Encodable {
    var feed: [NewsItem]
    var profiles: [Profile]
    var replayed: Int
}
