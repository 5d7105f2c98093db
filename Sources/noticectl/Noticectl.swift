import ArgumentParser
import Foundation

@main
struct Noticectl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "noticectl",
        abstract: "Post, follow and replay NoticeHub notices.",
        discussion: """
            Every command that touches a journal takes --db PATH or a postgres:// URL (default: $NOTICEHUB_DB, \
            else ./noticehub.sqlite). Data goes to stdout, diagnostics to stderr. \
            Exit status: 0 success, 1 refused or failed, 64 usage error.

            Example:
              noticectl post chat.said --sender Athos --payload '{"text":"One for all"}'
              noticectl tail --follow --json | grep chat
            """,
        subcommands: [
            InitCommand.self,
            PostCommand.self,
            TailCommand.self,
            NewsCommand.self,
            ProjectionsCommand.self,
            SubscribeCommand.self,
            RequestCommand.self,
            RespondCommand.self,
            VerifyCommand.self,
            StatsCommand.self,
            ExportCommand.self,
            ImportCommand.self,
            ArchiveCommand.self,
            TrimCommand.self,
            RetentionCommand.self,
            DemoCommand.self,
            VersionCommand.self,
            // The news commands' earlier spellings, hidden: each says its new one.
            MovedToNews<NewsLikeCommand>.self,
            MovedToNews<NewsUnlikeCommand>.self,
            MovedToNews<NewsFeedCommand>.self,
            MovedToNews<NewsDetailCommand>.self,
            MovedToNews<NewsProfileCommand>.self,
            MovedToNews<NewsReplayCommand>.self,
        ]
    )

    /// `--version`, on this command alone: ArgumentParser's own version flag
    /// would be listed in every subcommand's help.
    @Flag(help: "Show the version.")
    var version = false

    func run() throws {
        guard version else { throw CleanExit.helpRequest(self) }
        print(VersionCommand.line)
    }

    /// Replaces ArgumentParser's own `main()` to keep errors to one line:
    /// `error: ...`, plus a help hint for usage errors, never the usage dump.
    static func main() {
        StandardOutput.lineBuffer()
        do {
            try CommandLogging.bootstrap()
            try refuseUnknownHelpTopic(CommandLine.arguments.dropFirst())
            var command = try parseAsRoot()
            try command.run()
            try StandardOutput.finish()
        } catch {
            exit(reporting: error)
        }
    }

    private static func exit(reporting error: any Error) -> Never {
        let code = exitCode(for: error)
        // Help (and other clean exits) print as ArgumentParser prints them.
        guard code != .success else { exit(withError: error) }
        let message = message(for: error)
        if !message.isEmpty { StandardError.writeLine("error: " + singleLine(message)) }
        if code == .validationFailure {
            StandardError.writeLine("see '\(commandPath(CommandLine.arguments.dropFirst())) --help'")
        }
        Foundation.exit(code.rawValue)
    }

    /// `noticectl help bogus` would print the root help and exit 0, as
    /// ArgumentParser's `help` does for a name it does not know.
    private static func refuseUnknownHelpTopic(_ arguments: ArraySlice<String>) throws {
        guard arguments.first == "help" else { return }
        let topic = arguments.dropFirst()
        let known = commandPath(topic).split(separator: " ").count - 1
        if let unknown = topic.dropFirst(known).first, !unknown.hasPrefix("-") {
            throw ValidationError("no command named '\(unknown)' to show help for")
        }
    }

    /// The command a usage error belongs to (`noticectl news like`), found
    /// by following the leading arguments that name subcommands.
    private static func commandPath(_ arguments: ArraySlice<String>) -> String {
        var names = [configuration.commandName ?? "noticectl"]
        var command: any ParsableCommand.Type = Self.self
        for argument in arguments {
            guard
                let subcommand = command.configuration.subcommands.first(where: {
                    $0.configuration.commandName == argument
                })
            else { break }
            names.append(argument)
            command = subcommand
        }
        return names.joined(separator: " ")
    }

    /// ArgumentParser quotes offending values verbatim; a value holding a
    /// line break must not split the one error line.
    private static func singleLine(_ message: String) -> String {
        message.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
    }
}
