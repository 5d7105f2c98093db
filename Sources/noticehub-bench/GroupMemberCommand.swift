import ArgumentParser
import NoticeBench

/// A member process of the `subscriber.group.m3` workload; not for people.
struct GroupMemberCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "group-member",
        abstract: "Run one member of a durable subscriber's group for subscriber.group.m3 (internal).",
        discussion: """
            Prints ready, joins the group when it reads go, and stops when its input closes.

            Example:
              noticehub-bench group-member /tmp/group.sqlite 1
            """,
        shouldDisplay: false
    )

    @Argument(help: "The journal.")
    var path: String

    @Argument(help: "How long the handler takes per notice, in milliseconds.")
    var handlerMilliseconds: Double

    func run() throws {
        try GroupBench.runMember(path: path, handlerMilliseconds: handlerMilliseconds)
    }
}
