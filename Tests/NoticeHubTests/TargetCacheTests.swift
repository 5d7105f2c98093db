import Foundation
import NoticeHub
import Synchronization
import Testing

/// Each thread keeps the observer lists of its recent posts: these pin down
/// that a kept list never delivers what the registry no longer says, never
/// keeps a cancelled handler alive, and survives what handlers do to it.
struct TargetCacheTests {
    /// Something a handler captures, to see when the handler is released.
    final class Captured: Sendable {}

    @Test func cancelReleasesTheHandlerAfterPostsKeptItsList() throws {
        let hub = NoticeHub()
        weak var released: Captured?
        let token: Subscription = try {
            let captured = Captured()
            released = captured
            let token = hub.observe("x") { _ in withExtendedLifetime(captured) {} }
            for _ in 0..<3 { try hub.post("x") }
            return token
        }()
        #expect(released != nil)
        token.cancel()
        #expect(released == nil)
    }

    @Test func droppingTheTokenReleasesTheHandlerAfterPostsKeptItsList() throws {
        let hub = NoticeHub()
        weak var released: Captured?
        try {
            let captured = Captured()
            released = captured
            let token = hub.observe("x") { _ in withExtendedLifetime(captured) {} }
            for _ in 0..<3 { try hub.post("x") }
            withExtendedLifetime(token) {}
        }()
        #expect(released == nil)
    }

    @Test func observersAddedOrCancelledBetweenPostsAreSeenAtOnce() throws {
        let hub = NoticeHub()
        let seen = Recorder<String>()
        let a = hub.observe("x") { _ in seen.append("a") }
        try hub.post("x")
        let b = hub.observe("x") { _ in seen.append("b") }
        try hub.post("x")
        a.cancel()
        try hub.post("x")
        let any = hub.observe(nil) { _ in seen.append("any") }
        try hub.post("x")
        #expect(seen.elements == ["a", "a", "b", "b", "b", "any"])
        withExtendedLifetime([b, any]) {}
    }

    @Test func anObserverAddedOnAnotherThreadGetsTheNextPost() async throws {
        let hub = NoticeHub()
        let seen = Recorder<String>()
        let first = hub.observe("x") { _ in seen.append("first") }
        try hub.post("x")
        let second = await Task.detached { hub.observe("x") { _ in seen.append("second") } }.value
        try hub.post("x")
        #expect(seen.elements == ["first", "first", "second"])
        withExtendedLifetime([first, second]) {}
    }

    @Test func aNewHubNeverGetsAFreedHubsList() throws {
        let seen = Recorder<String>()
        for round in 0..<50 {
            let hub = NoticeHub()
            let token = hub.observe("x") { _ in seen.append("hub \(round)") }
            try hub.post("x")
            withExtendedLifetime(token) {}
        }
        #expect(seen.elements == (0..<50).map { "hub \($0)" })
    }

    /// A handler that churns the registry and posts more names than a
    /// thread keeps lists for must not disturb the list its caller iterates
    /// (under AddressSanitizer, a nested post replacing it was a use after free).
    @Test func handlersThatChurnTheRegistryDoNotDisturbTheOuterDelivery() throws {
        let hub = NoticeHub()
        let seen = Recorder<String>()
        let churns = Atomic<Bool>(false)
        let added = Mutex<[Subscription]>([])
        let first = hub.observe("x") { _ in
            guard churns.load(ordering: .relaxed) else { return }
            // New observers of "x" and of every name drop the lists the
            // registry keeps for "x", so only this thread's list holds it.
            added.locked { $0 += [hub.observe("x") { _ in }, hub.observe(nil) { _ in }] }
            for i in 0..<100 {
                let name = NoticeName(stringLiteral: "churn.\(i)")
                let token = hub.observe(name) { _ in }
                _ = try? hub.post(name)
                added.locked { $0.append(token) }
            }
            added.locked { $0.removeAll() }
        }
        let second = hub.observe("x") { _ in seen.append("second") }
        let third = hub.observe("x") { _ in seen.append("third") }
        try hub.post("x")
        // The next post finds the list the first one kept, and churns.
        churns.store(true, ordering: .relaxed)
        try hub.post("x")
        #expect(seen.elements == ["second", "third", "second", "third"])
        withExtendedLifetime([first, second, third]) {}
    }

    /// More (name, sender) pairs than a thread keeps, posted round-robin:
    /// every post still reaches exactly its observers.
    @Test func morePairsThanTheCacheHoldsStillDeliverExactly() throws {
        let hub = NoticeHub()
        let counts = Mutex<[String: Int]>([:])
        let senders = (0..<10).map { Sender(stringLiteral: "s\($0)") }
        let names = (0..<10).map { NoticeName(stringLiteral: "n\($0)") }
        var tokens: [Subscription] = []
        for name in names {
            for sender in senders {
                tokens.append(
                    hub.observe(name, sender: sender) { notice in
                        counts.locked { $0["\(notice.name)/\(notice.sender!)", default: 0] += 1 }
                    })
            }
        }
        for _ in 0..<3 {
            for name in names {
                for sender in senders { try hub.post(name, sender: sender) }
            }
        }
        let result = counts.locked { $0 }
        #expect(result.count == 100)
        #expect(result.values.allSatisfy { $0 == 3 })
        withExtendedLifetime(tokens) {}
    }

    /// Posting round many names turns the cache off for a while; observers
    /// added or cancelled then, and after it comes back on, are seen at once.
    @Test func changesAreSeenWhileAndAfterTheCacheIsSkipped() throws {
        let hub = NoticeHub()
        let seen = Recorder<String>()
        let names = (0..<500).map { NoticeName(stringLiteral: "many.\($0)") }
        let many = names.map { hub.observe($0) { _ in } }
        for _ in 0..<2 { for name in names { try hub.post(name) } }
        let a = hub.observe("x") { _ in seen.append("a") }
        try hub.post("x")
        a.cancel()
        try hub.post("x")
        // Long enough for any skipped stretch to end.
        for _ in 0..<3 { for name in names { try hub.post(name) } }
        for _ in 0..<3 { try hub.post("x") }
        let b = hub.observe("x") { _ in seen.append("b") }
        try hub.post("x")
        #expect(seen.elements == ["a", "b"])
        withExtendedLifetime([b] + many) {}
    }
}
