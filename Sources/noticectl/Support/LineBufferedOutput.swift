// Foundation stays out of this file: importing it re-exports the C library
// without `@preconcurrency`, and Swift 6 then refuses to touch `stdout`.
#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// Makes stdout hand every printed line to the pipe or file at once, so
/// `noticectl tail --follow --json | grep ...` sees notices as they commit.
func lineBufferStandardOutput() {
    setvbuf(stdout, nil, _IOLBF, 0)
}
