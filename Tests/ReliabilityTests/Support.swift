import Foundation
import NoticeSQLite
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
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("torture-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        output.errorFile = errors
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil  // end of file
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
    /// Where the child's stderr goes.
    var errorFile: URL?

    /// What the child wrote to stderr.
    var errors: String {
        errorFile.flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? ""
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

/// Opens `path` directly and runs SQLite's integrity check.
func integrityCheck(_ path: String) throws -> String {
    let connection = try SQLiteConnection(path: path, mode: .readWrite)
    let statement = try connection.prepare("PRAGMA integrity_check")
    _ = try statement.step()
    return statement.string(at: 0) ?? ""
}

/// Every stored notice id with its sequence number.
func storedIDs(_ hub: NoticeHub) throws -> [String: Int64] {
    var ids: [String: Int64] = [:]
    try hub.readJournal(JournalQuery()) { notice in
        ids[notice.id.description] = notice.sequence
        return true
    }
    return ids
}
