import NoticeHub
import Synchronization
import Testing

struct WildcardDeliveryTests {
    @Test func aOneSegmentPatternMatchesExactlyOneSegment() throws {
        let hub = NoticeHub()
        let seen = Recorder<String>()
        let token = hub.observe("news.*") { seen.append($0.name.rawValue) }
        for name: NoticeName in ["news.liked", "news", "news.liked.twice", "sports.liked", "news.unliked"] {
            try hub.post(name)
        }
        #expect(seen.elements == ["news.liked", "news.unliked"])
        withExtendedLifetime(token) {}
    }

    @Test func aRestPatternMatchesOneOrMoreSegments() throws {
        let hub = NoticeHub()
        let seen = Recorder<String>()
        let token = hub.observe("news.>") { seen.append($0.name.rawValue) }
        for name: NoticeName in ["news", "news.liked", "news.liked.twice", "newsy.liked", "sports.news.liked"] {
            try hub.post(name)
        }
        #expect(seen.elements == ["news.liked", "news.liked.twice"])
        withExtendedLifetime(token) {}
    }

    @Test func eachObserverHearsANoticeOnceInRegistrationOrder() throws {
        let hub = NoticeHub()
        let order = Recorder<String>()
        let a = hub.observe("news.*") { _ in order.append("a") }
        let b = hub.observe("news.liked") { _ in order.append("b") }
        let c = hub.observe(nil) { _ in order.append("c") }
        let d = hub.observe("news.>") { _ in order.append("d") }
        let e = hub.observe("news.liked") { _ in order.append("e") }
        let f = hub.observe("*.liked") { _ in order.append("f") }
        try hub.post("news.liked")
        try hub.post("news.liked.twice")
        #expect(order.elements == ["a", "b", "c", "d", "e", "f", "c", "d"])
        withExtendedLifetime([a, b, c, d, e, f]) {}
    }

    @Test func aPatternAddedAfterANameWasPostedIsHeardAtItsNextPost() throws {
        let hub = NoticeHub()
        let order = Recorder<String>()
        let literal = hub.observe("news.liked") { _ in order.append("literal") }
        try hub.post("news.liked")
        let pattern = hub.observe("news.*") { _ in order.append("pattern") }
        try hub.post("news.liked")
        pattern.cancel()
        try hub.post("news.liked")
        #expect(order.elements == ["literal", "literal", "pattern", "literal"])
        withExtendedLifetime(literal) {}
    }

    @Test func patternsFilterBySenderToo() throws {
        let hub = NoticeHub()
        let seen = Recorder<String>()
        let only = hub.observe("news.*", sender: "feed") { seen.append("only:\($0.name)") }
        let but = hub.observe("news.*", excludingPostsBy: "feed") { seen.append("but:\($0.name)") }
        try hub.post("news.liked", sender: "feed")
        try hub.post("news.unliked", sender: "alice")
        try hub.post("news.read")
        #expect(seen.elements == ["only:news.liked", "but:news.unliked", "but:news.read"])
        withExtendedLifetime([only, but]) {}
    }

    @Test func aCancelledPatternObserverHearsNothingMore() throws {
        let hub = NoticeHub()
        let seen = Recorder<String>()
        let token = hub.observe("news.>") { seen.append($0.name.rawValue) }
        try hub.post("news.liked")
        token.cancel()
        try hub.post("news.liked")
        try hub.post("news.other")
        #expect(seen.elements == ["news.liked"])
        #expect(hub.liveObserverCount == 0)
    }

    @Test func aPatternObserverCancelledDuringDeliveryMissesTheRestOfIt() throws {
        let hub = NoticeHub()
        let order = Recorder<String>()
        let later = Mutex<Subscription?>(nil)
        let first = hub.observe("news.liked") { _ in
            order.append("first")
            later.locked { $0?.cancel() }
        }
        later.locked { $0 = hub.observe("news.*") { _ in order.append("pattern") } }
        let last = hub.observe("news.>") { _ in order.append("last") }
        try hub.post("news.liked")
        try hub.post("news.liked")
        #expect(order.elements == ["first", "last", "first", "last"])
        withExtendedLifetime([first, last]) {}
    }

    @Test func aPatternObserverMayCancelItselfFromItsHandler() throws {
        let hub = NoticeHub()
        let seen = Recorder<String>()
        let own = Mutex<Subscription?>(nil)
        own.locked { token in
            token = hub.observe("news.*") { notice in
                seen.append(notice.name.rawValue)
                own.locked { $0?.cancel() }
            }
        }
        try hub.post("news.liked")
        try hub.post("news.unliked")
        #expect(seen.elements == ["news.liked"])
    }

    @Test func aStreamOnAPatternGetsTheMatchingNotices() async throws {
        let hub = NoticeHub()
        var iterator = hub.notices(named: "news.*").makeAsyncIterator()
        try hub.post("news.liked")
        try hub.post("sports.liked")
        try hub.post("news.liked.twice")
        try hub.post("news.unliked")
        #expect(await iterator.next()?.name == "news.liked")
        #expect(await iterator.next()?.name == "news.unliked")
    }

    @Test func aResponderOnAPatternAnswersEveryMatchingRequest() throws {
        let hub = NoticeHub()
        let pattern = hub.respond(to: "ask.*", as: "wild") { notice in "wild:\(notice.name)" }
        let literal = hub.respond(to: "ask.time", as: "clock") { _ in "clock" }
        let time = try hub.request("ask.time", payload: 0, from: "me", as: String.self)
        #expect(time.map(\.responder) == ["wild", "clock"])
        #expect(time.compactMap(\.value) == ["wild:ask.time", "clock"])
        #expect(
            try hub.request("ask.date", payload: 0, from: "me", as: String.self).compactMap(\.value) == [
                "wild:ask.date"
            ])
        #expect(try hub.request("ask.date.today", payload: 0, from: "me", as: String.self).isEmpty)
        withExtendedLifetime([pattern, literal]) {}
    }

    @Test func postingAPatternIsRefusedAndDeliversNothing() throws {
        let hub = NoticeHub()
        let seen = Recorder<String>()
        let token = hub.observe(nil) { seen.append($0.name.rawValue) }
        #expect(throws: NoticeHubError.patternNotPostable("news.*")) { try hub.post("news.*") }
        #expect(throws: NoticeHubError.patternNotPostable("news.>")) { try hub.post("news.>", json: "1") }
        #expect(throws: NoticeHubError.patternNotPostable("news.*")) { try hub.post("news.*", payload: ["a": 1]) }
        #expect(seen.elements.isEmpty)
        withExtendedLifetime(token) {}
    }

    @Test(arguments: [
        ("news.*", "notice name \"news.*\" is a pattern ('*' stands for one segment); a notice needs a literal name"),
        ("news.>", "notice name \"news.>\" is a pattern ('>' for one or more); a notice needs a literal name"),
        (
            "*.a.>",
            "notice name \"*.a.>\" is a pattern ('*' stands for one segment, '>' for one or more); a notice needs a literal name"
        ),
    ])
    func theRefusalSaysWhatThePatternMeans(text: String, message: String) throws {
        #expect("\(NoticeHubError.patternNotPostable(try NoticeName(validating: text)))" == message)
    }

    @Test func requestingAPatternIsRefusedAndAsksNoOne() async throws {
        let hub = NoticeHub()
        let asked = Atomic<Int>(0)
        let token = hub.respond(to: nil, as: "any") { _ in asked.add(1, ordering: .relaxed) }
        #expect(throws: NoticeHubError.patternNotPostable("ask.*")) {
            try hub.request("ask.*", payload: 0, from: "me", as: Void.self)
        }
        await #expect(throws: NoticeHubError.patternNotPostable("ask.>")) {
            try await hub.collect("ask.>", payload: 0, from: "me", as: Void.self, timeout: .seconds(10))
        }
        #expect(asked.load(ordering: .relaxed) == 0)
        withExtendedLifetime(token) {}
    }
}
