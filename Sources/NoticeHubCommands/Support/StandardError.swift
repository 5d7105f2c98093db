import Foundation

/// Diagnostics and progress go to stderr, so stdout carries only data.
package enum StandardError {
    /// True when a person is likely watching stderr (it is a terminal), the
    /// only case in which long work shows progress.
    package static let isTerminal = isatty(STDERR_FILENO) == 1

    package static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    package static func writeLine(_ line: String) {
        write(line + "\n")
    }
}
