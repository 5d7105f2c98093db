import NoticeHubCommands
import ArgumentParser

/// A news command under its earlier spelling (`noticectl feed`), hidden from
/// help: it says the new one (`noticectl news feed`) on stderr and runs.
struct MovedToNews<Command: ParsableCommand>: ParsableCommand {
    static var configuration: CommandConfiguration {
        var configuration = Command.configuration
        configuration.shouldDisplay = false
        return configuration
    }

    @OptionGroup var command: Command

    mutating func run() throws {
        let name = Command.configuration.commandName ?? ""
        StandardError.writeLine("note: `noticectl \(name)` is now `noticectl news \(name)`")
        try command.run()
    }
}
