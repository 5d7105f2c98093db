import Dispatch
import NoticeHub
import Synchronization
import Testing

struct DeliveryTests {
    @Test func deliveryFollowsRegistrationOrderAcrossNamedAndWildcardObservers() throws {
        let hub = NoticeHub()
        let order = Recorder<String>()
        let a = hub.observe("x") { _ in order.append("a") }
        let b = hub.observe(nil) { _ in order.append("b") }
        let c = hub.observe("x", sender: "s") { _ in order.append("c") }
        let d = hub.observe("x") { _ in order.append("d") }
        let e = hub.observe(nil, sender: "s") { _ in order.append("e") }
        try hub.post("x", sender: "s")
        try hub.post("x")
        #expect(order.elements == ["a", "b", "c", "d", "e", "a", "b", "d"])
        withExtendedLifetime([a, b, c, d, e]) {}
    }

    /// NotificationCenter's matching rule: (name or nil) × (sender or nil).
    @Test(arguments: [
        (NoticeName?.some("x"), Sender?.some("s"), ["x/s"]),
        (NoticeName?.some("x"), Sender?.none, ["x/s", "x/t", "x/-"]),
        (NoticeName?.none, Sender?.some("s"), ["x/s", "y/s"]),
        (NoticeName?.none, Sender?.none, ["x/s", "x/t", "x/-", "y/s"]),
    ])
    func matchingRule(name: NoticeName?, sender: Sender?, expected: [String]) throws {
        let hub = NoticeHub()
        let seen = Recorder<String>()
        let token = hub.observe(name, sender: sender) { notice in
            seen.append("\(notice.name)/\(notice.sender?.rawValue ?? "-")")
        }
        try hub.post("x", sender: "s")
        try hub.post("x", sender: "t")
        try hub.post("x")
        try hub.post("y", sender: "s")
        #expect(seen.elements == expected)
        withExtendedLifetime(token) {}
    }

    @Test func aColleagueCanLeaveOutItsOwnPosts() throws {
        let hub = NoticeHub()
        let seen = Recorder<String>()
        let token = hub.observe("chat", excludingPostsBy: "Athos") { seen.append($0.sender!.rawValue) }
        try hub.post("chat", sender: "Athos")
        try hub.post("chat", sender: "Porthos")
        #expect(seen.elements == ["Porthos"])
        withExtendedLifetime(token) {}
    }

    @Test func handlersMayPostAndNestedNoticesAreDeliveredDepthFirst() throws {
        let hub = NoticeHub()
        let log = Recorder<String>()
        let first = hub.observe("outer") { _ in
            log.append("outer-1")
            _ = try? hub.post("inner")
        }
        let second = hub.observe("outer") { _ in log.append("outer-2") }
        let inner = hub.observe("inner") { _ in log.append("inner") }
        try hub.post("outer")
        #expect(log.elements == ["outer-1", "inner", "outer-2"])
        withExtendedLifetime([first, second, inner]) {}
    }

    @Test func aSubscriptionAddedDuringDeliveryMissesTheNoticeInFlight() throws {
        let hub = NoticeHub()
        let late = Recorder<Int>()
        let added = Recorder<Subscription>()
        let adder = hub.observe("tick") { _ in
            if added.count == 0 {
                added.append(hub.observe("tick") { _ in late.append(1) })
            }
        }
        try hub.post("tick")
        #expect(late.count == 0)
        try hub.post("tick")
        #expect(late.count == 1)
        withExtendedLifetime(adder) {}
    }

    @Test func aHandlerCancelledDuringDeliveryIsNotCalled() throws {
        let hub = NoticeHub()
        let calls = Recorder<String>()
        let victim = Recorder<Subscription>()
        let canceller = hub.observe("x") { _ in
            calls.append("canceller")
            victim.elements.first?.cancel()
        }
        victim.append(hub.observe("x") { _ in calls.append("victim") })
        try hub.post("x")
        try hub.post("x")
        #expect(calls.elements == ["canceller", "canceller"])
        withExtendedLifetime(canceller) {}
    }

    @Test func cancellingIsIdempotentAndDroppingTheTokenCancels() throws {
        let hub = NoticeHub()
        let calls = Recorder<Int>()
        let token = hub.observe("x") { _ in calls.append(1) }
        token.cancel()
        token.cancel()
        #expect(token.isCancelled)
        try hub.post("x")
        #expect(calls.count == 0)

        do {
            _ = hub.observe("y") { _ in calls.append(2) }
        }
        try hub.post("y")
        #expect(calls.count == 0)
        #expect(hub.liveObserverCount == 0)
    }

    @Test func aHubRefusesTokensFromAnotherHub() throws {
        let hub = NoticeHub(), other = NoticeHub()
        let calls = Recorder<Int>()
        let token = other.observe("x") { _ in calls.append(1) }
        #expect(throws: NoticeHubError.foreignSubscription) { try hub.remove(token) }
        try other.post("x")
        #expect(calls.count == 1)
        try other.remove(token)
        try other.post("x")
        #expect(calls.count == 1)
    }

    @Test func ownerBoundSubscriptionsEndWithTheirOwner() throws {
        let hub = NoticeHub()
        var colleague: Colleague? = Colleague("feed")
        let heard = colleague!.heard
        _ = hub.observe("x", owner: colleague!) { notice in heard.append(notice.name.rawValue) }
        try hub.post("x")
        #expect(heard.elements == ["x"])
        colleague = nil
        try hub.post("x")
        #expect(heard.elements == ["x"])
        #expect(hub.liveObserverCount == 0, "the hub reclaimed the orphan while delivering")
    }

    /// A delivery waiting on a queue when its owner goes is not made.
    @Test func aQueuedDeliveryWhoseOwnerWentIsNotMade() async throws {
        let hub = NoticeHub()
        let queue = DispatchQueue(label: "held")
        let heard = Recorder<String>()
        var colleague: Colleague? = Colleague("feed")
        _ = hub.observe("x", scheduling: .queue(queue), owner: colleague!) { notice in
            heard.append(notice.name.rawValue)
        }
        queue.suspend()
        try hub.post("x")
        colleague = nil
        queue.resume()
        await hub.pendingDeliveries.settled()
        #expect(heard.elements.isEmpty)
    }

    @Test func orphansAreReclaimedEvenWhenNothingIsPosted() {
        let hub = NoticeHub()
        for index in 0..<200 {
            let colleague = Colleague("c\(index)")
            _ = hub.observe("never.posted", owner: colleague) { _ in }
        }
        #expect(hub.liveObserverCount < 64, "registration sweeps orphans as it goes")
        hub.sweepOrphans()
        #expect(hub.liveObserverCount == 0)
    }

    @Test func anOwnerLeavingMidDeliveryIsSafe() throws {
        let hub = NoticeHub()
        let holder = Recorder<Colleague>()
        holder.append(Colleague("first"))
        let heard = Recorder<String>()
        // The first handler drops the only strong reference to the second's owner.
        final class Slot: Sendable { let value = Mutex<Colleague?>(nil) }
        let slot = Slot()
        slot.value.locked { $0 = Colleague("second") }
        let dropper = hub.observe("x") { _ in slot.value.locked { $0 = nil } }
        _ = hub.observe("x", owner: slot.value.locked { $0! }) { _ in heard.append("second") }
        try hub.post("x")
        try hub.post("x")
        #expect(heard.elements.isEmpty)
        withExtendedLifetime(dropper) {}
    }

    @Test func dispatchOnlyVisitsTheNamesObservers() throws {
        let hub = NoticeHub()
        var others: [Subscription] = []
        for index in 0..<5_000 {
            others.append(
                hub.observe(NoticeName(stringLiteral: "other.\(index)")) { _ in
                    Issue.record("an observer of another name was called")
                })
        }
        let hits = Recorder<Int>()
        let token = hub.observe("wanted") { _ in hits.append(1) }
        for _ in 0..<100 { try hub.post("wanted") }
        #expect(hits.count == 100)
        #expect(hub.targetCount(for: "wanted", sender: nil) == 1)
        withExtendedLifetime((others, token)) {}
    }
}
