import Foundation
import NoticeHub
import Synchronization
import Testing
import TestSupport

struct ConcurrencyTests {
    /// Runs `body(thread)` on `count` threads at once and waits for all.
    static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            Thread {
                body(index)
                group.leave()
            }.start()
        }
        group.wait()
    }

    @Test func postingObservingAndCancellingFromManyThreadsLosesNothing() throws {
        let hub = NoticeHub()
        let steady = Recorder<String>()
        // One steady observer per thread sees exactly that thread's posts, in order.
        let tokens = (0..<8).map { thread in
            hub.observe("work", sender: Sender(stringLiteral: "t\(thread)")) { notice in
                steady.append("\(notice.sender!):\(try! notice.decode(Int.self))")
            }
        }
        let echoes = Atomic<Int>(0)
        let echo = hub.observe("echo") { _ in echoes.add(1, ordering: .relaxed) }
        Self.onThreads(8) { thread in
            let sender = Sender(stringLiteral: "t\(thread)")
            for i in 0..<2_000 {
                // Churn: short-lived observers whose handlers post and cancel.
                let churn = hub.observe("work", sender: sender) { _ in
                    _ = try? hub.post("echo")
                }
                _ = try? hub.post("work", sender: sender, payload: i)
                churn.cancel()
            }
        }
        let seen = steady.elements
        #expect(seen.count == 8 * 2_000)
        for thread in 0..<8 {
            let own = seen.filter { $0.hasPrefix("t\(thread):") }
            #expect(own == (0..<2_000).map { "t\(thread):\($0)" }, "each poster's order is kept")
        }
        #expect(echoes.load(ordering: .relaxed) == 8 * 2_000)
        #expect(hub.liveObserverCount == 9)
        withExtendedLifetime((tokens, echo)) {}
    }

    /// `nesting` -1 posts straight to the handler, from the posting threads'
    /// kept lists (``TargetCache``), whose cancel then releases the handler;
    /// 0 runs it one delivery deep; 12 runs it inside deliveries nested
    /// deeper than a thread's running slots, where invocations are counted on
    /// the registration instead.
    /// Also per age: a young registration is cancelled by its counted
    /// invocations alone, one delivered more than `Registration`'s threshold
    /// times through the running slots and the process-wide fence.
    @Test(arguments: [-1, 0, 12], [false, true])
    func aHandlerIsNeverCalledAfterCancelReturns(nesting: Int, mature: Bool) throws {
        let hub = NoticeHub()
        let nest = hub.observe("nest") { notice in
            let depth = try! notice.decode(Int.self)
            if depth > 0 { _ = try? hub.post("nest", payload: depth - 1) } else { _ = try? hub.post("hot") }
        }
        let stop = Atomic<Bool>(false)
        // The posts that have returned: each delivered to every observer
        // registered when it started.
        let posted = Atomic<Int>(0)
        let posters = DispatchGroup()
        for _ in 0..<3 {
            posters.enter()
            Thread {
                while !stop.load(ordering: .relaxed) {
                    _ = try? (nesting < 0 ? hub.post("hot") : hub.post("nest", payload: nesting))
                    posted.add(1, ordering: .releasing)
                }
                posters.leave()
            }.start()
        }
        var violations = 0
        for _ in 0..<300 {
            let running = Atomic<Int>(0)
            let called = DispatchSemaphore(value: 0)
            let cancelReturned = Atomic<Bool>(false)
            let late = Atomic<Int>(0)
            let token = hub.observe("hot") { notice in
                guard notice.sender == nil else { return } // ageing it
                if cancelReturned.load(ordering: .acquiring) { late.add(1, ordering: .relaxed) }
                running.add(1, ordering: .relaxed)
                called.signal()
                // The sleep is the call under way that cancel must wait for.
                usleep(100)
                running.subtract(1, ordering: .relaxed)
            }
            if mature {
                for _ in 0..<100 { _ = try? hub.post("hot", sender: "age") }
            }
            // Cancelled while the posters' calls reach it.
            #expect(called.wait(timeout: .now() + 60) == .success)
            token.cancel()
            cancelReturned.store(true, ordering: .releasing)
            // Once cancel() returns no call may be running or start later.
            if running.load(ordering: .relaxed) != 0 { violations += 1 }
            // A post started after the cancel has returned once the posters
            // have finished four more: at most three were under way.
            let before = posted.load(ordering: .acquiring)
            #expect(eventually { posted.load(ordering: .acquiring) >= before + 4 })
            if late.load(ordering: .relaxed) != 0 || running.load(ordering: .relaxed) != 0 { violations += 1 }
        }
        #expect(violations == 0)
        stop.store(true, ordering: .relaxed)
        posters.wait()
        withExtendedLifetime(nest) {}
    }

    @Test func requestsFromManyThreadsEachGetEveryReply() {
        let hub = NoticeHub()
        let tokens = (0..<10).map { index in
            hub.respond(to: "q", as: Sender(stringLiteral: "r\(index)")) { notice in
                try notice.value(as: Int.self) + index
            }
        }
        let failures = Atomic<Int>(0)
        Self.onThreads(8) { thread in
            for i in 0..<500 {
                let values = (try? hub.request("q", payload: i, from: "asker", as: Int.self).compactMap(\.value)) ?? []
                if values != (0..<10).map({ i + $0 }) { failures.add(1, ordering: .relaxed) }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        withExtendedLifetime(tokens) {}
    }

    /// Every thread observes, posts to what it and the others observe, and
    /// cancels, young and mature registrations alike: no handler runs once
    /// its `cancel()` has returned, and none is still running then.
    @Test func cancelsRacingPostsOnEveryThreadNeverLeaveAHandlerRunning() {
        let hub = NoticeHub()
        let names = (0..<4).map { NoticeName(stringLiteral: "race.\($0)") }
        let violations = Atomic<Int>(0)
        let deliveries = Atomic<Int>(0)
        Self.onThreads(4) { thread in
            for round in 0..<1_000 {
                let cancelled = Atomic<Bool>(false)
                let running = Atomic<Int>(0)
                let token = hub.observe(names[round % 4]) { _ in
                    running.add(1, ordering: .relaxed)
                    if cancelled.load(ordering: .acquiring) { violations.add(1, ordering: .relaxed) }
                    deliveries.add(1, ordering: .relaxed)
                    // Long enough for a cancel to catch it running.
                    let end = ContinuousClock.now + .microseconds(20)
                    while ContinuousClock.now < end {}
                    running.subtract(1, ordering: .relaxed)
                }
                // Every fourth registration lives long enough to switch modes.
                let posts = round % 4 == thread ? 80 : 2
                for post in 0..<posts { _ = try? hub.post(names[(round + post) % 4]) }
                token.cancel()
                if running.load(ordering: .acquiring) != 0 { violations.add(1, ordering: .relaxed) }
                cancelled.store(true, ordering: .releasing)
            }
        }
        #expect(violations.load(ordering: .relaxed) == 0)
        #expect(deliveries.load(ordering: .relaxed) > 4 * 1_000, "the posts reached the handlers")
        #expect(hub.liveObserverCount == 0)
    }
}
