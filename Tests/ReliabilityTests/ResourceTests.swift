import Foundation
import NoticeHub
import Testing

/// A million posts run in bounded memory; owners that go away free their
/// subscriptions. (The replay of a million notices is measured by
/// `noticehub-bench`, workload `replay.memory`.)
@Suite(.serialized)
struct ResourceTests {
    /// In a child process: resident memory is per process, and the other suites
    /// running beside this one allocate too.
    @Test func aMillionPostsRunInBoundedMemory() throws {
        let (process, output) = try TortureChild.start(["posts", "1000000"])
        // Its stdout is read on another thread: wait for the line, not only the exit.
        _ = output.wait(seconds: 120) { $0.contains { $0.hasPrefix("delivered") } }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output.errors)")
        let words = try #require(output.lines.last).split(separator: " ")
        #expect(words.count == 4 && words[0] == "delivered" && words[2] == "grew")
        #expect(words.count > 1 && Int(words[1]) == 1_010_000)
        let growth = words.count == 4 ? Int(words[3]) ?? .max : .max
        #expect(growth < 16 << 20, "resident memory grew by \(growth >> 20) MiB")
    }

    @Test func subscriptionsOfDeallocatedOwnersAreReclaimed() throws {
        final class Owner: Sendable {}
        let hub = NoticeHub()
        for _ in 0..<10_000 {
            _ = hub.observe("x", owner: Owner()) { _ in }
        }
        #expect(hub.liveObserverCount < 100, "registration sweeps as it goes")
        try hub.post("x")
        hub.sweepOrphans()
        #expect(hub.liveObserverCount == 0)
    }
}
