// Foundation stays out of this file: importing it re-exports the C library
// without `@preconcurrency`, and Swift 6 then refuses to touch `stdout`.
#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

/// stdout carries the tool's data: each line reaches the pipe or file at
/// once, and a command whose data did not arrive does not report success.
enum StandardOutput {
    /// Makes stdout hand every printed line to the pipe or file at once, so
    /// `noticectl tail --follow --json | grep ...` sees notices as they commit.
    static func lineBuffer() {
        setvbuf(stdout, nil, _IOLBF, 0)
    }

    /// Throws when a line printed so far did not reach stdout's file (a full
    /// disk, say), so that long listings stop at the first lost line.
    static func check() throws {
        guard ferror(stdout) != 0 else { return }
        throw failure()
    }

    /// Hands what is buffered to stdout's file; throws when that or any
    /// earlier line failed to arrive.
    static func finish() throws {
        guard fflush(stdout) == 0, ferror(stdout) == 0 else { throw failure() }
    }

    /// The failure, with the system's reason: that of flushing again, else
    /// that of the failed write, which the callers check straight after.
    private static func failure() -> CommandFailure {
        let written = errno
        errno = 0
        let code = fflush(stdout) != 0 && errno != 0 ? errno : written
        return CommandFailure("cannot write output" + (code != 0 ? ": " + String(cString: strerror(code)) : ""))
    }
}
