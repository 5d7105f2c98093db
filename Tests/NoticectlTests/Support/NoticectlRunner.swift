import Foundation
import Synchronization
import TestSupport

/// Runs the built `noticectl` as a user would: a real process in a scratch
/// directory, with `$NOTICEHUB_DB` unset unless a test sets it.
struct NoticectlRunner: Sendable {
    let scratch: TemporaryDirectory
    var environment: [String: String] = [:]
    /// The binary run: `noticectl`, or the benchmark's `noticehub-bench`.
    let executableURL: URL

    init(in scratch: TemporaryDirectory, program: String = "noticectl") {
        self.scratch = scratch
        executableURL = program == "noticectl" ? Self.executable : Self.executable(named: program)
    }

    /// Runs to completion; `input` becomes standard input.
    @discardableResult
    func callAsFunction(_ arguments: String..., input: String? = nil) throws -> Outcome {
        try run(arguments, input: input)
    }

    /// Runs to completion; `input` becomes standard input, and standard
    /// output goes to `outputFile` when given (the outcome's stdout is then empty).
    func run(_ arguments: [String], input: String? = nil, outputFile: String? = nil) throws -> Outcome {
        let process = makeProcess(arguments)
        let inputDirectory = TemporaryDirectory()
        if let input { try inputDirectory.write(input, to: "stdin") }
        process.standardInput =
            try input.map { _ in
                try FileHandle(forReadingFrom: inputDirectory.url.appendingPathComponent("stdin"))
            } ?? FileHandle.nullDevice
        let output = Pipe(), errors = Pipe()
        if let outputFile {
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputFile))
            try output.fileHandleForWriting.close()
        } else {
            process.standardOutput = output
        }
        process.standardError = errors
        try process.run()
        // Both pipes are drained at once, so a chatty child never blocks on a full one.
        let errorText = Captured()
        let reader = errors.fileHandleForReading
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errorText.set(reader.readDataToEndOfFile())
            drained.signal()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationReason == .exit ? process.terminationStatus : -process.terminationStatus,
            stdout: String(decoding: outputData, as: UTF8.self),
            stderr: errorText.text)
    }

    /// Starts a long-running command (`tail --follow`) and hands it back;
    /// with `holdingOutput`, its stdout is not read until `readOutput()`, so
    /// the command blocks once the pipe is full.
    func start(_ arguments: String..., holdingOutput: Bool = false) throws -> LiveProcess {
        try start(arguments, holdingOutput: holdingOutput)
    }

    func start(_ arguments: [String], holdingOutput: Bool = false) throws -> LiveProcess {
        try LiveProcess(makeProcess(arguments), holdingOutput: holdingOutput)
    }

    private func makeProcess(_ arguments: [String]) -> Process {
        let process = Process()
        process.executableURL = executableURL
        process.arguments = arguments
        process.currentDirectoryURL = scratch.url
        var variables = ProcessInfo.processInfo.environment
        variables["NOTICEHUB_DB"] = nil
        variables.merge(environment) { $1 }
        process.environment = variables
        return process
    }

    /// The `noticectl` built with the tests (``executable(named:)``).
    static let executable = executable(named: "noticectl")

    /// A binary built with the tests: beside the test bundle (under any
    /// `--scratch-path`), else the newest `.build*/debug/NAME` of the package.
    static func executable(named name: String) -> URL {
        var candidates: [URL] = []
        let testBinaries =
            [Bundle.main.executablePath, CommandLine.arguments.first].compactMap { $0 }
            + Bundle.allBundles.map(\.bundlePath).filter { $0.hasSuffix(".xctest") }
        for binary in testBinaries {
            var url = URL(fileURLWithPath: binary)
            // macOS runs tests inside `X.xctest/Contents/MacOS/X`; the products
            // directory is the one holding `X.xctest`. Linux runs `X.xctest` itself.
            while url.pathComponents.count > 1, url.path.contains(".xctest/") { url.deleteLastPathComponent() }
            candidates.append(url.deletingLastPathComponent().appendingPathComponent(name))
        }
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let buildFolders = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.path)) ?? []
        let built = buildFolders.filter { $0.hasPrefix(".build") }
            .map { packageRoot.appendingPathComponent($0).appendingPathComponent("debug/\(name)") }
            .filter { FileManager.default.isExecutableFile(atPath: $0.path) }
            .sorted { modificationDate($0) > modificationDate($1) }
        candidates += built
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
            ?? URL(fileURLWithPath: "\(name)-not-built")
    }

    private static func modificationDate(_ url: URL) -> Date {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date) ?? .distantPast
    }
}

/// Bytes a background reader hands to the test's thread.
final class Captured: Sendable {
    private let data = Mutex(Data())

    func set(_ value: Data) {
        data.withLock { $0 = value }
    }

    func append(_ value: Data) {
        data.withLock { $0.append(value) }
    }

    var text: String {
        data.withLock { String(decoding: $0, as: UTF8.self) }
    }
}
