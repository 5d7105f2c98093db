import Foundation
import NoticeHub
import Testing

/// Followers and durable subscribers behave alike on every backend: other
/// journal objects' commits arrive in order, once; a subscriber resumes
/// after its cursor; one subscriber per name runs at a time.
struct FollowChecks {
    func aFollowingHubDeliversWhatOthersAppendInOrderAndItsOwnOnce(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let follower = try place.hub()
        let other = try place.hub()
        let seen = Collected<String>()
        let token = follower.observe(nil) { seen.append("\($0.name)#\($0.sequence!)") }
        let following = try follower.journal.follow()
        try other.post("remote")
        try follower.post("local")
        try other.post("remote")
        try waitUntil { seen.count == 3 }
        Thread.sleep(forTimeInterval: 0.05)
        #expect(Set(seen.elements) == ["remote#1", "local#2", "remote#3"], "each notice once")
        #expect(seen.elements.filter { $0.hasPrefix("remote") } == ["remote#1", "remote#3"])
        following.cancel()
        withExtendedLifetime(token) {}
    }

    /// Commits wake a follower without waiting for its poll: with an hour
    /// between polls, only the journal's announcement can deliver in time.
    func commitAnnouncementsWakeAFollowerBetweenPolls(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let follower = try place.hub()
        let seen = Collected<Int64>()
        let token = follower.observe(nil) { seen.append($0.sequence!) }
        let following = try follower.journal.follow(pollInterval: .seconds(3600))
        let other = try place.hub()
        // The listener's first wake-up and read happen as it starts; posts
        // after it count.
        Thread.sleep(forTimeInterval: 0.2)
        for _ in 0..<3 { try other.post("ping") }
        try waitUntil(timeout: 5) { seen.count == 3 }
        #expect(seen.elements == [1, 2, 3])
        following.cancel()
        withExtendedLifetime(token) {}
    }

    func aDurableSubscriberResumesAfterItsCursorWithoutGapOrDuplicate(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        for index in 0..<10 { try hub.post("n", payload: index) }
        let received = Collected<Int>()
        var subscription = try hub.journal.subscribe(as: "indexer", names: ["n"]) { notice in
            received.append(try! notice.decode(Int.self))
        }
        try waitUntil { received.count == 10 }
        subscription.cancel()
        for index in 10..<15 { try hub.post("n", payload: index) }
        try hub.post("other")
        let restarted = try place.hub()
        subscription = try restarted.journal.subscribe(as: "indexer", names: ["n"]) { notice in
            received.append(try! notice.decode(Int.self))
        }
        try waitUntil { received.count == 15 }
        for index in 15..<20 { try restarted.post("n", payload: index) }
        try waitUntil { received.count == 20 }
        Thread.sleep(forTimeInterval: 0.05)
        #expect(received.elements == Array(0..<20))
        subscription.cancel()
    }

    func oneSubscriberPerNameRunsAtATimeAcrossJournalObjects(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        let other = try place.hub()
        let running = try hub.journal.subscribe(as: "indexer") { _ in }
        for asking in [hub, other] {
            let started = ContinuousClock.now
            #expect(throws: JournalError.subscriberBusy("indexer")) {
                try asking.journal.subscribe(as: "indexer") { _ in }
            }
            #expect(started.duration(to: .now) < .milliseconds(500), "refused at once, not after a wait")
        }
        let mailer = try other.journal.subscribe(as: "mailer") { _ in }
        running.cancel()
        let successor = try other.journal.subscribe(as: "indexer") { _ in }
        withExtendedLifetime([mailer, successor]) {}
    }

    /// A subscriber whose cursor lies past the journal's end (the journal
    /// was rolled back under it) is told so, rather than waiting silently
    /// for numbers that will mean other notices.
    func aJournalRolledBackUnderACursorIsReported(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        for index in 0..<3 { try hub.post("n", payload: index) }
        try place.open().connect(durability: .always).saveCursor(7, of: "indexer")
        let failure = Collected<String>()
        let subscription = try hub.journal.subscribe(as: "indexer", onFailure: { failure.append("\($0)") }) { _ in }
        try waitUntil { failure.count == 1 }
        #expect(failure.elements == [JournalError.rolledBack(handled: 7, last: 3).description])
        subscription.cancel()
        // The name is free again for a mended subscriber.
        let mended = try hub.journal.subscribe(as: "other") { _ in }
        mended.cancel()
    }
}
