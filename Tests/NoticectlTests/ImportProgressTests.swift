import Foundation
@testable import NoticeHubCommands
@testable import noticectl
import Testing
import TestSupport

struct ImportProgressTests {
    @Test func aFileShowsItsShareTheRateAndTheTimeLeft() {
        let start = ContinuousClock.now
        let progress = ImportProgress(totalBytes: 1_000_000, started: start)
        #expect(
            progress.status(notices: 48_000, bytesRead: 250_000, at: start + .seconds(2))
                == "25% · 48,000 notices · 24,000/s · about 6 s left")
        #expect(
            progress.status(notices: 400_000, bytesRead: 1_000_000, at: start + .seconds(200))
                == "100% · 400,000 notices · 2,000/s · about 0 s left")
        #expect(
            progress.status(notices: 10_000, bytesRead: 10_000, at: start + .seconds(2)).hasSuffix(
                "about 3 min 18 s left"))
    }

    @Test func standardInputShowsTheCountAndTheRate() {
        let start = ContinuousClock.now
        let progress = ImportProgress(totalBytes: nil, started: start)
        #expect(
            progress.status(notices: 1_234_567, bytesRead: 99, at: start + .seconds(1))
                == "1,234,567 notices · 1,234,567/s")
    }

    /// On a terminal (a pseudo-terminal made by `script`), the share of the
    /// file moves as the import reads it; the result line follows.
    @Test func onATerminalThePercentageMoves() throws {
        let scratch = TemporaryDirectory()
        let lines = (0..<40_000).map { index in
            #"{"id":"\#(UUID().uuidString.lowercased())","name":"import.test","sender":null,"payload":\#(index),"postedAt":"2026-11-21T15:04:05.123Z"}"#
        }
        try scratch.write(lines.joined(separator: "\n") + "\n", to: "notices.jsonl")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["script", "-qec", "\(NoticectlRunner.executable.path) import notices.jsonl", "/dev/null"]
        process.currentDirectoryURL = scratch.url
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let percentages = text.matches(of: #/(\d+)% · /#).map { Int($0.output.1)! }
        #expect(percentages.count == 4, "one status every 10,000 notices")
        #expect(percentages == percentages.sorted() && percentages.last == 100)
        #expect(text.contains("imported 40,000, already present 0"))
    }
}
