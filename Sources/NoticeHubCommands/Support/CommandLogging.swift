import ArgumentParser
import Foundation
import Logging

/// Where noticectl's logs go: standard error, at the level
/// `NOTICEHUB_LOG_LEVEL` names (trace, debug, info, notice, warning, error,
/// critical), by default warning, so that a command prints what it was asked
/// for and the library's warnings (a lost claim, a commit retried after a
/// lost connection), and its debug lines (the journal opened, refused posts)
/// only when asked.
enum CommandLogging {
    /// The environment variable that sets the level.
    static let variable = "NOTICEHUB_LOG_LEVEL"

    /// The level `value` names; nil when it names none.
    static func level(_ value: String?) -> Logger.Level? {
        guard let value, !value.isEmpty else { return .warning }
        return Logger.Level(rawValue: value.lowercased())
    }

    /// Sends every logger to standard error at the level the environment
    /// names; throws a usage error for a level that does not exist.
    static func bootstrap(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let value = environment[variable]
        guard let level = level(value) else {
            let levels = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("\(variable) must be one of \(levels), not '\(value ?? "")'")
        }
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }
}
