import NoticeHub
import Testing

struct ReplyTests {
    struct Failure: Error {}

    @Test func aRequestGathersEveryOtherResponderInRegistrationOrder() throws {
        let hub = NoticeHub()
        let tokens = ["Athos", "Porthos", "Aramis"].map { name in
            hub.respond(to: "roll.call", as: Sender(stringLiteral: name)) { _ in "\(name) here" }
        }
        let replies = try hub.request("roll.call", payload: "who?", from: "Porthos", as: String.self)
        #expect(replies.map(\.responder) == ["Athos", "Aramis"])
        #expect(replies.compactMap(\.value) == ["Athos here", "Aramis here"])
        withExtendedLifetime(tokens) {}
    }

    @Test func aThrowingResponderYieldsAFailedReplyAndOthersStillAnswer() throws {
        let hub = NoticeHub()
        let a = hub.respond(to: "q", as: "a") { _ -> Int in throw Failure() }
        let b = hub.respond(to: "q", as: "b") { _ in 2 }
        let c = hub.respond(to: "q", as: "c") { _ in "not an Int" }
        let replies = try hub.request("q", payload: 0, from: "me", as: Int.self)
        #expect(replies.count == 3)
        #expect(replies[0].result.failure is Failure)
        #expect(replies[1].value == 2)
        #expect("\(replies[2].result.failure!)" == "responder c answered a String, not a Int")
        withExtendedLifetime([a, b, c]) {}
    }

    @Test func theAsyncFormCollectsFromSyncAndAsyncResponders() async throws {
        let hub = NoticeHub()
        // a answers only once b has been asked: its reply comes after b's.
        let (bAsked, asking) = AsyncStream<Void>.makeStream()
        let a = hub.respond(to: "q", as: "a") { _ async in
            for await _ in bAsked { break }
            return 1
        }
        let b = hub.respond(to: "q", as: "b") { _ in
            asking.yield()
            return 2
        }
        let collection = try await hub.collect("q", payload: 0, from: "me", as: Int.self, timeout: .seconds(10))
        #expect(collection.stopReason == .allAnswered)
        #expect(collection.values == [1, 2], "registration order, not arrival order")
        withExtendedLifetime([a, b]) {}
    }

    @Test func collectionStopsAtTheMaximum() async throws {
        let hub = NoticeHub()
        let tokens = (0..<5).map { index in
            hub.respond(to: "q", as: Sender(stringLiteral: "r\(index)")) { _ in index }
        }
        let collection = try await hub.collect(
            "q", payload: 0, from: "me", as: Int.self, timeout: .seconds(10), maxReplies: 2)
        #expect(collection.stopReason == .maxRepliesReached)
        #expect(collection.replies.count == 2)
        #expect(collection.asked == 5)
        withExtendedLifetime(tokens) {}
    }

    @Test(.timeLimit(.minutes(1)))
    func collectionStopsAtTheTimeoutWithWhatArrived() async throws {
        let hub = NoticeHub()
        let (release, releaser) = AsyncStream<Void>.makeStream()
        let slow = hub.respond(to: "q", as: "slow") { _ async -> Int in
            // Ignores cancellation on purpose and answers only once the test
            // releases it, after the collection returned: the requester
            // cannot have waited for it.
            for await _ in release {}
            return 0
        }
        let fast = hub.respond(to: "q", as: "fast") { _ in 1 }
        let collection = try await hub.collect("q", payload: 0, from: "me", as: Int.self, timeout: .milliseconds(100))
        releaser.finish()
        #expect(collection.stopReason == .timedOut)
        #expect(collection.values == [1])
        withExtendedLifetime([slow, fast]) {}
    }

    @Test(.timeLimit(.minutes(1)))
    func noRespondersIsKnownAtOnce() async throws {
        let hub = NoticeHub()
        let own = hub.respond(to: "q", as: "me") { _ in 1 }
        // An hour's timeout: waiting for it would trip the time limit.
        let collection = try await hub.collect("q", payload: 0, from: "me", as: Int.self, timeout: .seconds(3_600))
        #expect(collection.stopReason == .noResponders)
        #expect(try hub.request("q", payload: 0, from: "me", as: Int.self).isEmpty, "a requester never hears itself")
        withExtendedLifetime(own) {}
    }

    @Test(.timeLimit(.minutes(1)))
    func aHugeTimeoutWaitsInsteadOfTrapping() async throws {
        let hub = NoticeHub()
        let late = hub.respond(to: "q", as: "late") { _ async -> Int in
            // The sleep is the late answer: it comes once the timeout's own
            // sleep has long started, which is where `.seconds(Int64.max)`
            // would trap.
            try? await Task.sleep(for: .milliseconds(200))
            return 7
        }
        let collection = try await hub.collect(
            "q", payload: 0, from: "me", as: Int.self, timeout: .seconds(Int64.max))
        #expect(collection.stopReason == .allAnswered)
        #expect(collection.values == [7])
        withExtendedLifetime(late) {}
    }

    @Test func typedRequests() throws {
        struct Collision: NoticeRequest {
            typealias Response = Bool
            static let name: NoticeName = "airplane.collision"
            var distance: Int
        }
        let hub = NoticeHub()
        let token = hub.respond(to: Collision.self, as: "AA101") { request, _ in request.distance == 12 }
        #expect(try hub.request(Collision(distance: 12), from: "CX200").map(\.value) == [true])
        #expect(try hub.request(Collision(distance: 3), from: "CX200").map(\.value) == [false])
        withExtendedLifetime(token) {}
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

struct OwnedResponderTests {
    final class Owner: Sendable {}

    @Test(.timeLimit(.minutes(1)))
    func anAsyncCollectionReachingAResponderWhoseOwnerIsGoneDoesNotHang() async throws {
        let hub = NoticeHub()
        var owner: Owner? = Owner()
        _ = hub.respond(to: "q", as: "owned", owner: owner!) { _ in 1 }
        let kept = hub.respond(to: "q", as: "kept") { _ in 2 }
        owner = nil
        let collection = try await hub.collect("q", payload: 0, from: "me", as: Int.self, timeout: .seconds(10))
        #expect(collection.stopReason == .allAnswered, "the orphan's task finished rather than spinning")
        #expect(collection.values == [2])
        #expect(hub.liveResponderCount == 1, "the orphan was reclaimed")
        withExtendedLifetime(kept) {}
    }
}
