import Foundation
import NoticeSQLite
import TestSupport
@testable import NoticeHub

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

    /// Starts the child; its stdout is collected in the background.
    static func start(_ arguments: [String]) throws -> (Process, Output) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Output()
        let pipe = Pipe()
        process.standardOutput = pipe
        try output.errorDirectory.write("", to: "stderr")
        process.standardError = try FileHandle(forWritingTo: output.errorDirectory.url.appendingPathComponent("stderr"))
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil // end of file
            } else {
                output.append(data)
            }
        }
        try process.run()
        return (process, output)
    }
}

/// A child's stdout as lines, filled from a reader thread.
final class Output: @unchecked Sendable {
    private let lock = NSLock()
    private var buffer = Data()
    /// Where the child's stderr goes, removed with this object.
    let errorDirectory = TemporaryDirectory()

    /// What the child wrote to stderr.
    var errors: String {
        (try? errorDirectory.read("stderr")) ?? ""
    }

    func append(_ data: Data) {
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
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(lines) { return true }
            Thread.sleep(forTimeInterval: 0.002)
        }
        return condition(lines)
    }
}
