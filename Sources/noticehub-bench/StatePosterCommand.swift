import ArgumentParser
import NoticeBench

/// The second process of the `state.observe.latency.other` workload; not for
/// people.
struct StatePosterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "state-poster",
        abstract: "Post clicks for state.observe.latency.other (internal).",
        discussion: """
            Posts COUNT durable clicks, about 500 a second, to a journal that has the \
            benchmark's clicks projection, and prints one line per post as it returns.

            Example:
              noticehub-bench state-poster /tmp/state-other.sqlite 500
            """,
        shouldDisplay: false
    )

    @Argument(help: "The journal to post to.")
    var path: String

    @Argument(help: "How many clicks to post.")
    var count: Int

    func run() throws {
        try StateObserveOtherBench.runPoster(path: path, count: count)
    }
}
