import Foundation
import NoticeHub
import Synchronization

/// `respond --exec`: runs a shell command per request, with the request's
/// payload on its standard input, and answers with what it prints.
///
/// Foundation starts the shell as the leader of a process group of its own,
/// so that ``stopRunning()`` ends it with everything it started.
enum ShellAnswer {
    /// The process group of the command running now, 0 for none.
    private static let running = Atomic<Int32>(0)
    /// Set by ``stopRunning()``: the command ends because the responder does.
    private static let interrupted = Atomic<Bool>(false)

    /// Ends the command running now, and whatever it started, with SIGTERM:
    /// an interrupted responder does not wait for it.
    static func stopRunning() {
        // Sequentially consistent, as in `run`: either this load sees the
        // command's group, or `run` sees the flag after storing it.
        interrupted.store(true, ordering: .sequentiallyConsistent)
        let group = running.load(ordering: .sequentiallyConsistent)
        if group > 0 { kill(-group, SIGTERM) }
    }

    /// What the command printed, trimmed; throws ``CommandFailure`` naming
    /// the exit status and the last line of standard error when it fails,
    /// or the time limit when it has not exited, with its standard output
    /// closed, within `limit`: it is then ended with its process group (a
    /// child it left holding its output included).
    static func run(_ command: String, for request: Notice, within limit: DurationArgument) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        var environment = ProcessInfo.processInfo.environment
        environment["NOTICEHUB_REQUEST_ID"] = request.id.description
        environment["NOTICEHUB_REQUEST_NAME"] = request.name.rawValue
        environment["NOTICEHUB_REQUEST_SENDER"] = request.sender?.rawValue ?? ""
        process.environment = environment
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        let deadline = DispatchTime.now() + .milliseconds(Int(min(limit.duration / .milliseconds(1), 1e12)))
        // A request that arrives as the responder stops is not started.
        if interrupted.load(ordering: .sequentiallyConsistent) {
            throw CommandFailure("the responder was interrupted")
        }
        try process.run()
        // Where signals go: the shell's process group, if it leads one.
        let target =
            getpgid(process.processIdentifier) == process.processIdentifier
            ? -process.processIdentifier : process.processIdentifier
        if target < 0 { running.store(process.processIdentifier, ordering: .sequentiallyConsistent) }
        defer { running.store(0, ordering: .releasing) }
        // Interrupted while the command started: `stopRunning` found no group to end.
        if interrupted.load(ordering: .sequentiallyConsistent) { kill(target, SIGTERM) }
        // Read both pipes while writing, so a command that prints a lot
        // before reading its input cannot block on a full pipe.
        let printed = PipeReader(output), complaints = PipeReader(errors)
        // A command that exits without reading its input closes the pipe:
        // the write then fails (SIGPIPE is ignored, see `respond`), and the
        // command's exit status is what counts.
        try? input.fileHandleForWriting.write(contentsOf: Data(try request.payloadJSON().utf8))
        try? input.fileHandleForWriting.close()
        let shellExited = exited.wait(timeout: deadline) == .success
        let finished = shellExited && printed.finish(by: deadline) != nil
        if !finished { end(target, exited: shellExited, exited) }
        let text = String(decoding: printed.finish(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if interrupted.load(ordering: .acquiring) { throw CommandFailure("the responder was interrupted") }
        if !finished {
            throw CommandFailure("the command did not finish within \(limit) (--exec-timeout) and was ended")
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let status =
                process.terminationReason == .exit
                ? "exit status \(process.terminationStatus)" : "signal \(process.terminationStatus)"
            let last =
                String(decoding: complaints.finish(), as: UTF8.self)
                .split(whereSeparator: \.isNewline).last.map { ": \($0)" } ?? ""
            throw CommandFailure("the command ended with \(status)\(last)")
        }
        _ = complaints.finish()
        return text
    }
}

extension ShellAnswer {
    /// How long an ended command's group gets to exit after SIGTERM before
    /// SIGKILL.
    private static let termGrace: DispatchTimeInterval = .seconds(1)

    /// Ends the command (`target`: its shell's process group, negated, or
    /// the shell alone): SIGTERM, then SIGKILL for what
    /// is left after ``termGrace`` (a child the shell left holding its
    /// output, say); returns once the shell has exited.
    private static func end(_ target: pid_t, exited hasExited: Bool, _ exited: DispatchSemaphore) {
        kill(target, SIGTERM)
        let shellEnded = hasExited || exited.wait(timeout: .now() + termGrace) == .success
        kill(target, SIGKILL)
        if !shellEnded { exited.wait() }
    }
}

/// Reads a pipe to its end on a queue of its own.
private final class PipeReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        DispatchQueue.global().async { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Everything the pipe carried, once its writer closed it.
    func finish() -> Data {
        done.wait()
        done.signal()
        return data
    }

    /// ``finish()``, or nil when its writers have not closed it by `deadline`.
    func finish(by deadline: DispatchTime) -> Data? {
        guard done.wait(timeout: deadline) == .success else { return nil }
        done.signal()
        return data
    }
}
