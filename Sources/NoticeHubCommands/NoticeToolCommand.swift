import Foundation

/// The root command of a tool built on NoticeHub: an app's own
/// `noticectl`, with its name in `--help` and its projections and message
/// types carried (``NoticeTool``). Give it ``NoticeTool/commands`` as
/// subcommands, and the app's own beside them.
///
/// Its `main()` runs the tool as `noticectl` runs: errors in one line
/// (`error: …`), a usage error followed by the `--help` to see and exit
/// status 64, any other failure exit status 1.
public protocol NoticeToolCommand: ParsableCommand {
    /// What the tool carries.
    static var tool: NoticeTool { get }
}

extension NoticeToolCommand {
    /// Runs the tool on the process's arguments, and exits.
    public static func main() {
        ToolContext.set(name: configuration.commandName ?? CommandLine.executableName, tool: tool)
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

    /// Shows the tool's help.
    public func run() throws {
        throw CleanExit.helpRequest(self)
    }

    private static func exit(reporting error: any Error) -> Never {
        let code = exitCode(for: error)
        // Help (and other clean exits) print as ArgumentParser prints them.
        guard code != .success else { exit(withError: error) }
        let message = ToolFailureAdvice.message(for: error, as: message(for: error))
        if !message.isEmpty { StandardError.writeLine("error: " + singleLine(message)) }
        if code == .validationFailure {
            StandardError.writeLine("see '\(commandPath(CommandLine.arguments.dropFirst())) --help'")
        }
        Foundation.exit(code.rawValue)
    }

    /// `TOOL help bogus` would print the root help and exit 0, as
    /// ArgumentParser's `help` does for a name it does not know.
    private static func refuseUnknownHelpTopic(_ arguments: ArraySlice<String>) throws {
        guard arguments.first == "help" else { return }
        let topic = arguments.dropFirst()
        let known = commandPath(topic).split(separator: " ").count - 1
        if let unknown = topic.dropFirst(known).first, !unknown.hasPrefix("-") {
            throw ValidationError("no command named '\(unknown)' to show help for")
        }
    }

    /// The command a usage error belongs to (`noticectl projections rebuild`), found
    /// by following the leading arguments that name subcommands.
    private static func commandPath(_ arguments: ArraySlice<String>) -> String {
        var names = [ToolContext.name]
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

extension CommandLine {
    /// The name the tool was run by, without its directory.
    static var executableName: String {
        (arguments.first ?? "noticectl").split(separator: "/").last.map(String.init) ?? "noticectl"
    }
}
