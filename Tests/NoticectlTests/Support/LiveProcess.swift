import Foundation
import TestSupport

/// A `noticectl` still running (`tail --follow`), its stdout read as it comes.
final class LiveProcess {
    private let process: Process
    private let output = Captured()
    private let errors = Captured()
    private let finishedReading = DispatchGroup()
    /// Signalled once stdout may be read.
    private let outputReleased = DispatchSemaphore(value: 0)

    /// Starts `process`; with `holdingOutput`, its stdout is read only after
    /// `readOutput()`.
    init(_ process: Process, holdingOutput: Bool = false) throws {
        self.process = process
        let outputPipe = Pipe(), errorPipe = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        try process.run()
        for (pipe, sink) in [(outputPipe, output), (errorPipe, errors)] {
            let handle = pipe.fileHandleForReading
            let waits = holdingOutput && pipe === outputPipe
            DispatchQueue.global().async(group: finishedReading) { [outputReleased] in
                if waits { outputReleased.wait() }
                while case let chunk = handle.availableData, !chunk.isEmpty { sink.append(chunk) }
            }
        }
    }

    /// Starts reading stdout, for a process started holding it.
    func readOutput() {
        outputReleased.signal()
    }

    deinit {
        if process.isRunning { process.terminate() }
        readOutput()
    }

    /// Complete lines printed so far.
    var lines: [String] {
        var lines = output.text.components(separatedBy: "\n")
        lines.removeLast()
        return lines
    }

    /// Waits until `count` complete lines are printed; false if they are not
    /// there by the deadline.
    func waitForLines(_ count: Int, timeout: Duration = .seconds(10)) -> Bool {
        eventually(timeout: timeout) { self.lines.count >= count }
    }

    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the process to end; nil if it is still running at the deadline.
    func waitForExit(timeout: Duration = .seconds(10)) -> Outcome? {
        guard eventually(timeout: timeout, { !self.process.isRunning }) else { return nil }
        process.waitUntilExit()
        finishedReading.wait()
        let status = process.terminationReason == .exit ? process.terminationStatus : -process.terminationStatus
        return Outcome(status: status, stdout: output.text, stderr: errors.text)
    }
}
