import Foundation
import NoticeSQLite
import TestSupport
@testable import NoticeHubCore
@testable import NoticeHubSQLite

/// The torture child, built beside the tests.
enum TortureChild {
    static var executable: URL {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = here.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("NoticeTortureChild")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return here.deletingLastPathComponent().appendingPathComponent("NoticeTortureChild")
    }

    /// Starts the child; its stdout is collected by a reader thread.
    static func start(_ arguments: [String]) throws -> (Process, Output) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Output()
        let pipe = Pipe()
        process.standardOutput = pipe
        try output.errorDirectory.write("", to: "stderr")
        process.standardError = try FileHandle(forWritingTo: output.errorDirectory.url.appendingPathComponent("stderr"))
        try process.run()
        output.collect(from: pipe)
        return (process, output)
    }
}

/// A child's stdout as lines, filled from a reader thread.
final class Output: @unchecked Sendable {
    private let lock = NSLock()
    private var buffer = Data()
    /// Signalled when the reader has read the pipe to its end.
    private let ended = DispatchSemaphore(value: 0)
    /// Where the child's stderr goes, removed with this object.
    let errorDirectory = TemporaryDirectory()

    /// What the child wrote to stderr.
    var errors: String {
        (try? errorDirectory.read("stderr")) ?? ""
    }

    /// Reads the pipe on a thread of its own with blocking `read(2)` calls
    /// until the child's end closes. A thread rather than a
    /// `readabilityHandler`: the handler's dispatch read source, cancelled
    /// while the killed child's hang-up event is in flight, can crash
    /// libdispatch's event loop on Linux (SIGSEGV in
    /// `_dispatch_event_loop_drain`), taking the whole test process down.
    func collect(from pipe: Pipe) {
        let reader = Thread { [self] in
            let descriptor = pipe.fileHandleForReading.fileDescriptor
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    append(Data(chunk[0..<count]))
                } else if count == 0 || errno != EINTR {
                    break
                }
            }
            ended.signal()
        }
        reader.start()
    }

    private func append(_ data: Data) {
        lock.lock()
        buffer.append(data)
        lock.unlock()
    }

    /// Complete lines so far.
    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        var text = String(decoding: buffer, as: UTF8.self)
        if !text.hasSuffix("\n"), let cut = text.lastIndex(of: "\n") {
            text = String(text[...cut])
        } else if !text.hasSuffix("\n") {
            return []
        }
        return text.split(separator: "\n").map(String.init)
    }

    /// Waits until `condition` holds for the lines, or the deadline passes.
    func wait(seconds: Double = 30, until condition: ([String]) -> Bool) -> Bool {
        eventually(timeout: .seconds(seconds)) { condition(lines) }
    }

    /// Waits until the child's end of the pipe has closed (it exited) and
    /// everything it wrote is in ``lines``; false if that takes longer than
    /// `seconds`.
    func waitForEnd(seconds: Double = 30) -> Bool {
        guard ended.wait(timeout: .now() + seconds) == .success else { return false }
        ended.signal()
        return true
    }
}
