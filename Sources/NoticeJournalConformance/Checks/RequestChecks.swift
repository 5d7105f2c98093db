import Foundation
import NoticeHub
import Synchronization
import Testing

/// Requests across processes on every backend: hubs on journal objects of
/// their own stand for processes (and, on PostgreSQL, hosts).
struct RequestChecks {
    struct Question: Codable, Sendable { let n: Int }

    func respondersOnOtherJournalsAnswerAndTheConversationIsStored(backend: ConformanceBackend) async throws {
        let place = try backend.makePlace()
        let (north, south, asker) = (
            try NoticeHub(journal: place.open()), try NoticeHub(journal: place.open()),
            try NoticeHub(journal: place.open())
        )
        let nobody = try await asker.collectAcrossProcesses(
            "sum.ask", payload: Question(n: 1), from: "asker", as: Int.self, timeout: .seconds(30))
        #expect(nobody.stopReason == .noResponders && nobody.request == nil)
        let first = try north.respondAcrossProcesses(to: "sum.ask", as: "north") { try $0.decode(Question.self).n + 1 }
        let second = try south.respondAcrossProcesses(to: "sum.*", as: "south") { try $0.decode(Question.self).n + 2 }
        let answer = try await asker.collectAcrossProcesses(
            "sum.ask", payload: Question(n: 40), from: "asker", as: Int.self, timeout: .seconds(30))
        #expect(answer.stopReason == .allAnswered && answer.asked == 2)
        #expect(Set(answer.values) == [41, 42])
        let request = try #require(answer.request)
        var conversation: [Notice] = []
        try asker.journal.read(JournalQuery(conversation: request.id)) {
            conversation.append($0); return true
        }
        #expect(conversation.map(\.kind) == [.request, .reply, .reply])
        #expect(conversation.dropFirst().allSatisfy { $0.cause == request.id && $0.conversation == request.id })
        first.cancel()
        second.cancel()
    }

    func aResponderThatDiesMidRequestIsNotWaitedFor(backend: ConformanceBackend) async throws {
        let place = try backend.makePlace()
        let journal = try place.open()
        let (station, asker) = (try NoticeHub(journal: journal), try NoticeHub(journal: place.open()))
        let reached = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let stuck = try station.respondAcrossProcesses(to: "sum.ask", as: "stuck") { _ -> Int in
            reached.signal()
            release.wait()
            return 0
        }
        let task = Task {
            try await asker.collectAcrossProcesses(
                "sum.ask", payload: Question(n: 1), from: "asker", as: Int.self, timeout: .seconds(60))
        }
        await reached.waitOffTaskThreads()
        // The responder's claim ends as its process's death would end it.
        let responder = try #require(stuck.registration as? JournalResponder)
        responder.stopRenewingClaim()
        try place.endResponder(try #require(responder.claim))
        let answer = try await task.value
        #expect(answer.stopReason == .allAnswered, "not timedOut")
        #expect(answer.replies.isEmpty && answer.asked == 1)
        release.signal()
        stuck.cancel()
    }

    /// A claim lost while its responder lives (a server's session ended) is
    /// made again, and requests are answered again.
    func aResponderClaimsItsPlaceAgainAfterLosingIt(backend: ConformanceBackend) async throws {
        let place = try backend.makePlace()
        let journal = try #require(try place.open() as? any ResponderClaimingJournal)
        let (station, asker) = (try NoticeHub(journal: journal), try NoticeHub(journal: place.open()))
        let answering = try station.respondAcrossProcesses(to: "sum.ask", as: "station") { _ in 7 }
        let first = try #require(try journal.liveResponders().first)
        let responder = try #require(answering.registration as? JournalResponder)
        let lost = try #require(responder.claim)
        try place.endResponder(lost)
        try waitUntil { responder.claim.map { $0 !== lost } == true && (try? journal.liveResponders().count) == 1 }
        if let renewing = journal as? any RenewingClaimsJournal, renewing.claimRenewalGrace > .zero {
            #expect(try journal.liveResponders().map(\.key) == [first.key], "claimed again under its key")
        }
        let answer = try await asker.collectAcrossProcesses(
            "sum.ask", payload: Question(n: 1), from: "asker", as: Int.self, timeout: .seconds(30))
        #expect(answer.values == [7])
        answering.cancel()
        #expect(try journal.liveResponders().isEmpty)
    }

    /// Replicas that share a sender, as in a rolling restart: the old one
    /// answers and stops, the new one answers later. Each claim asked is
    /// waited for, so both replies count.
    func replicasThatShareASenderAreEachCounted(backend: ConformanceBackend) async throws {
        let place = try backend.makePlace()
        let (old, new, asker) = (
            try NoticeHub(journal: place.open()), try NoticeHub(journal: place.open()),
            try NoticeHub(journal: place.open())
        )
        let later = DispatchSemaphore(value: 0), firstReply = DispatchSemaphore(value: 0)
        let leaving = try old.respondAcrossProcesses(to: "sum.ask", as: "service") { _ in 1 }
        let staying = try new.respondAcrossProcesses(to: "sum.ask", as: "service") { _ -> Int in
            later.wait()
            return 2
        }
        let task = Task {
            try await asker.collectAcrossProcesses(
                "sum.ask", payload: Question(n: 1), from: "asker", as: Int.self, timeout: .seconds(60),
                onReply: { _ in firstReply.signal() })
        }
        await firstReply.waitOffTaskThreads()
        leaving.cancel()
        // Liveness checks find the old claim gone while the new one has yet to answer.
        try await Task.sleep(for: .milliseconds(500))
        later.signal()
        let answer = try await task.value
        #expect(answer.stopReason == .allAnswered && answer.asked == 2)
        #expect(answer.values.sorted() == [1, 2])
        #expect(Set(answer.replies.map(\.responder)) == ["service"])
        staying.cancel()
    }

    /// A responder whose claim's session ends mid-request (a server
    /// restart) claims again under the same key, and its answer counts.
    func aResponderThatClaimsAgainMidRequestIsStillCounted(backend: ConformanceBackend) async throws {
        let place = try backend.makePlace()
        let (station, asker) = (try NoticeHub(journal: place.open()), try NoticeHub(journal: place.open()))
        let reached = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        let answering = try station.respondAcrossProcesses(to: "sum.ask", as: "station") { _ -> Int in
            reached.signal()
            release.wait()
            return 7
        }
        let responder = try #require(answering.registration as? JournalResponder)
        let lost = try #require(responder.claim)
        let task = Task {
            try await asker.collectAcrossProcesses(
                "sum.ask", payload: Question(n: 1), from: "asker", as: Int.self, timeout: .seconds(60))
        }
        await reached.waitOffTaskThreads()
        try place.endResponder(lost)
        try waitUntil { responder.claim.map { $0 !== lost } == true }
        #expect(responder.claim?.key == lost.key, "claimed again under its key")
        release.signal()
        let answer = try await task.value
        #expect(answer.stopReason == .allAnswered)
        #expect(answer.values == [7])
        answering.cancel()
    }
}
