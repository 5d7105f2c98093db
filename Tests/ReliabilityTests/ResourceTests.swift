import Foundation
import NoticeHub
import Testing

/// A million posts run in bounded memory; owners that go away free their
/// subscriptions. (The replay of a million notices is measured by
/// `noticectl bench`, workload `replay.memory`.)
@Suite(.serialized)
struct ResourceTests {
    @Test func aMillionPostsRunInBoundedMemory() throws {
        let hub = NoticeHub()
        let counter = Counter()
        let token = hub.observe("tick") { _ in counter.value += 1 }
        for _ in 0..<10_000 { try hub.post("tick", payload: 1) }  // warm up
        let before = Self.residentBytes()
        for index in 0..<1_000_000 { try hub.post("tick", payload: index) }
        let growth = Self.residentBytes() - before
        #expect(counter.value == 1_010_000)
        #expect(growth < 16 << 20, "resident memory grew by \(growth >> 20) MiB")
        withExtendedLifetime(token) {}
    }

    @Test func subscriptionsOfDeallocatedOwnersAreReclaimed() throws {
        final class Owner: Sendable {}
        let hub = NoticeHub()
        for _ in 0..<10_000 {
            hub.observe("x", owner: Owner()) { _, _ in }
        }
        #expect(hub.observerCount < 100, "registration sweeps as it goes")
        try hub.post("x")
        hub.reclaimOrphans()
        #expect(hub.observerCount == 0)
    }

    static func residentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (line.split(separator: " ").compactMap { Int($0) }.first ?? 0) * 1024
    }

    final class Counter: @unchecked Sendable {
        var value = 0
    }
}
