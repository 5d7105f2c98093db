import Foundation

/// What one run of `noticectl` left: its exit status and both outputs.
struct Outcome: Equatable, CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String

    /// Success printing `stdout` and nothing on stderr.
    static func success(_ stdout: String) -> Outcome {
        Outcome(status: 0, stdout: stdout, stderr: "")
    }

    /// A refused operation or runtime failure: exit 1, nothing on stdout,
    /// one `error:` line on stderr.
    static func failure(_ message: String) -> Outcome {
        Outcome(status: 1, stdout: "", stderr: "error: \(message)\n")
    }

    /// A usage error: exit 64, the error line, then the help hint for `command`.
    static func usageError(_ message: String, command: String) -> Outcome {
        Outcome(status: 64, stdout: "", stderr: "error: \(message)\nsee '\(command) --help'\n")
    }

    var lines: [String] {
        var lines = stdout.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    var description: String {
        "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)---"
    }
}
