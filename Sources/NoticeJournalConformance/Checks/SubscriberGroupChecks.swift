import Foundation
import NoticeHub
import Synchronization
import Testing

/// Durable subscribers run by groups, on every backend that runs them:
/// each notice to one member, a dead member's notices to another once
/// their lease runs out, and a name either exclusive or a group's.
struct SubscriberGroupChecks {
    /// Two hubs, as two processes would have: every notice is handled once,
    /// by one member or the other.
    func everyNoticeGoesToOneMemberOfTheGroup(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let poster = try place.hub()
        let handled = Collected<(member: Int, sequence: Int64)>()
        let members = try (0..<2).map { member in
            try place.hub().journal.subscribe(
                as: "workers", sharing: .group(batchSize: 3), handler: { handled.append((member, $0.sequence!)) })
        }
        for index in 1...20 { try poster.post("job", payload: index) }
        try waitUntil { handled.count >= 20 }
        for member in members { member.cancel() }
        #expect(handled.elements.map(\.sequence).sorted() == Array(1...20))
        #expect(try poster.journal.statistics().subscribers.first { $0.name == "workers" }?.cursor == 20)
    }

    /// A member that took notices and died (its leases never end) loses
    /// them to a live member once their lease runs out.
    func aDeadMembersNoticesGoToAnotherOnceTheirLeaseRunsOut(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        for index in 1...5 { try hub.post("job", payload: index) }
        let journal = try place.open()
        let connection = try #require(try journal.connectForReading() as? any SubscriberGroupJournalConnection)
        try connection.markGroup("workers")
        #expect(
            try connection.lease(
                [1, 2, 3], of: "workers", to: "dead", for: .milliseconds(300), movingCursorFrom: 0, to: 3))
        #expect(try connection.leaseCounts(of: "workers") == ["dead": 3])
        let handled = Collected<Int64>()
        let live = try hub.journal.subscribe(as: "workers", sharing: .group()) { handled.append($0.sequence!) }
        try waitUntil { handled.count >= 5 }
        live.cancel()
        #expect(handled.elements.sorted() == [1, 2, 3, 4, 5])
        #expect(try connection.leaseCounts(of: "workers").isEmpty)
    }

    /// A member whose batch outlasts the lease renews it between notices:
    /// the other member, looking for run-out leases meanwhile, takes none.
    func aSlowBatchKeepsItsLeases(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        for index in 1...20 { try hub.post("job", payload: index) }
        let handled = Collected<(member: Int, sequence: Int64)>()
        // 20 notices of 100 ms each: 2 s, against a lease of 0.6 s.
        let sharing = SubscriberSharing.group(lease: .milliseconds(600), batchSize: 20)
        let slow = try place.hub().journal.subscribe(as: "workers", sharing: sharing) { notice in
            handled.append((0, notice.sequence!))
            Thread.sleep(forTimeInterval: 0.1)
        }
        try waitUntil { handled.count >= 1 }
        let fast = try place.hub().journal.subscribe(as: "workers", sharing: sharing) { notice in
            handled.append((1, notice.sequence!))
        }
        try waitUntil { handled.count >= 20 }
        slow.cancel()
        fast.cancel()
        #expect(handled.elements.map(\.sequence) == Array(1...20))
        #expect(handled.elements.allSatisfy { $0.member == 0 })
    }

    func aNameRunsEitherExclusivelyOrAsAGroup(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        let exclusive = try hub.journal.subscribe(as: "solo") { _ in }
        #expect(throws: JournalError.subscriberBusy("solo")) {
            try place.hub().journal.subscribe(as: "solo", sharing: .group()) { _ in }
        }
        exclusive.cancel()
        let member = try hub.journal.subscribe(as: "solo", sharing: .group()) { _ in }
        member.cancel()
        #expect(throws: JournalError.subscriberGrouped("solo")) {
            try hub.journal.subscribe(as: "solo") { _ in }
        }
        #expect(try hub.journal.deleteSubscriber("solo"))
        try hub.journal.subscribe(as: "solo") { _ in }.cancel()
    }

    /// A group deleted while a member runs stops the member, which would
    /// otherwise start the group again from the journal's first notice.
    func aMemberStopsWhenItsGroupIsDeleted(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        try hub.post("job", payload: 1)
        let handled = Collected<Int64>()
        let failures = Collected<String>()
        let member = try hub.journal.subscribe(
            as: "workers", sharing: .group(), onFailure: { failures.append("\($0)") },
            handler: { handled.append($0.sequence!) })
        try waitUntil { handled.count == 1 }
        #expect(try hub.journal.deleteSubscriber("workers"))
        try hub.post("job", payload: 2)
        try waitUntil { failures.count == 1 }
        member.cancel()
        #expect(failures.elements == [#"durable subscriber "workers" was deleted while a member of its group ran"#])
        #expect(handled.elements == [1])
    }
}
