import Foundation
import Testing
import TestSupport

/// A command whose data does not reach stdout fails, in one line, instead
/// of reporting success; and interrupting `tail --follow` stops its backlog.
struct OutputFailureTests {
    static let fullDevice = "/dev/full"

    @Test(
        .enabled(if: FileManager.default.fileExists(atPath: fullDevice)),
        arguments: [
            ["export"], ["tail"], ["tail", "--json"], ["stats", "--json"], ["verify"], ["news", "feed"],
        ])
    func writingToAFullDiskFailsInOneLine(arguments: [String]) throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        try cli("news", "publish", "1", "News1")
        try cli("news", "like", "1", "--user", "alice")
        let outcome = try cli.run(arguments, outputFile: Self.fullDevice)
        #expect(outcome.status == 1)
        #expect(outcome.stderr == "error: cannot write output: \(String(cString: strerror(ENOSPC)))\n")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: fullDevice)))
    func aPostWhoseSequenceCannotBePrintedSaysItWasJournaled() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        let outcome = try cli.run(["post", "kept"], outputFile: Self.fullDevice)
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr
                == "error: kept was journaled as #1, but cannot write output: \(String(cString: strerror(ENOSPC)))\n")
        #expect(try cli("tail").lines.count == 1)
    }

    /// SIGINT while the backlog is still printing (the reader has stopped
    /// reading, so `tail` blocks on a full pipe) ends it at the next notice.
    @Test func followStopsWhileThePastIsStillPrinting() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        let count = 5_000
        let lines = (1...count).map { #"{"name":"past","payload":{"n":\#($0)}}"# }
        try #require(try cli("import", "-", input: lines.joined(separator: "\n")).status == 0)

        let tail = try cli.start("tail", "--follow", "--from", "1", holdingOutput: true)
        // The sleep is time for the backlog to fill the pipe, which no
        // event marks; the test holds either way.
        Thread.sleep(forTimeInterval: 0.5)
        tail.send(SIGINT)
        tail.readOutput()
        let outcome = try #require(tail.waitForExit())
        #expect(outcome.status == 0)
        #expect(outcome.stderr == "")
        let printed = outcome.stdout.split(separator: "\n")
        #expect(printed.count < count, "the backlog printed on after the interrupt")
        #expect(printed.enumerated().allSatisfy { $0.element.hasPrefix("\($0.offset + 1) ") })
    }
}
