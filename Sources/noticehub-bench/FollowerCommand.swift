import ArgumentParser
import NoticeBench

/// The second process of the `follow.latency` workload; not for people.
struct FollowerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "follower",
        abstract: "Follow a journal for follow.latency (internal).",
        discussion: """
            Prints ready, then one line per notice another process appends.

            Example:
              noticehub-bench follower /tmp/follow.sqlite 500
            """,
        shouldDisplay: false
    )

    @Argument(help: "The journal to follow.")
    var path: String

    @Argument(help: "How many notices to wait for.")
    var count: Int

    func run() throws {
        try FollowBench.runFollower(path: path, count: count)
    }
}
