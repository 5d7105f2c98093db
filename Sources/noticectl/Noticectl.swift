import ArgumentParser

@main
struct Noticectl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "noticectl",
        abstract: "Post, follow and replay NoticeHub notices.",
        subcommands: [DemoCommand.self]
    )
}
