@testable import NoticeHubCore
@testable import NoticeHubSQLite
import Testing

/// A thread whose posts keep evicting current lists stops using its cache
/// for a while, and a hit in between keeps it using it.
struct TargetCacheBypassTests {
    private static func entry(_ name: NoticeName) -> TargetCache.Entry {
        TargetCache.Entry(registry: 1, changeCount: 7, name: name, sender: nil, targets: [])
    }

    @Test func evictionsWithNoHitBetweenTurnTheCacheOffForAWhile() {
        var cache = TargetCache()
        // The first fills an empty entry; each next one evicts a current one.
        for i in 0...TargetCache.conflictLimit - 1 {
            _ = cache.replace(at: 0, with: Self.entry(NoticeName(stringLiteral: "n\(i)")))
        }
        let before = cache.isWorthAsking()
        #expect(before)
        _ = cache.replace(at: 0, with: Self.entry("last"))
        let skipped = (0..<TargetCache.bypassLength).filter { _ in !cache.isWorthAsking() }.count
        #expect(skipped == TargetCache.bypassLength)
        let after = cache.isWorthAsking()
        #expect(after)
    }

    @Test func aHitBetweenEvictionsKeepsTheCacheOn() {
        var cache = TargetCache()
        for i in 0..<TargetCache.conflictLimit {
            _ = cache.replace(at: 0, with: Self.entry(NoticeName(stringLiteral: "n\(i)")))
        }
        let last = NoticeName(stringLiteral: "n\(TargetCache.conflictLimit - 1)")
        let hit = cache.buffer(at: 0, registry: 1, changeCount: 7, name: last, sender: nil)
        #expect(hit != nil)
        for i in 0..<TargetCache.conflictLimit - 1 {
            _ = cache.replace(at: 0, with: Self.entry(NoticeName(stringLiteral: "m\(i)")))
        }
        let asks = cache.isWorthAsking()
        #expect(asks)
    }

    @Test func replacingAStaleEntryIsNoConflict() {
        var cache = TargetCache()
        for i in 0..<(4 * TargetCache.conflictLimit) {
            // Every entry is from an older change count than the next.
            let entry = TargetCache.Entry(
                registry: 1, changeCount: UInt64(i), name: "x", sender: nil, targets: [])
            _ = cache.replace(at: 0, with: entry)
        }
        let asks = cache.isWorthAsking()
        #expect(asks)
    }
}
