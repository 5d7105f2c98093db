import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
import Synchronization
import Testing
import TestSupport

/// Requests answered through a journal: every hub here opens the same
/// SQLite file with connections and claims of its own, as processes do
/// (`NoticectlTests` runs them as processes, and kills one mid-request).
struct RequestsAcrossProcessesTests {
    struct City: Codable, Sendable { let name: String }
    struct Weather: Codable, Sendable, Hashable { let celsius: Int }

    private let directory = TemporaryDirectory()

    private func hub() throws -> NoticeHub {
        try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")))
    }

    /// The weather in Lyon, as `phone` asks for it.
    private func ask(
        _ phone: NoticeHub, _ name: NoticeName = "weather.now", timeout: Duration = .seconds(60),
        maxReplies: Int = .max
    ) async throws -> ReplyCollection<Weather> {
        try await phone.collectAcrossProcesses(
            name, payload: City(name: "Lyon"), from: "phone", as: Weather.self, timeout: timeout,
            maxReplies: maxReplies)
    }

    /// A responder on `station` that answers once `release` is signalled.
    private func stuckResponder(on station: NoticeHub, until release: DispatchSemaphore) throws -> Subscription {
        try station.respondAcrossProcesses(to: "weather.now", as: "station") { _ in
            release.wait()
            return Weather(celsius: 1)
        }
    }

    /// `phone`'s request, asked in a task and returned once it is journaled,
    /// that is once it waits for replies.
    private func waitingRequest(from phone: NoticeHub) async throws -> Task<ReplyCollection<Weather>, any Error> {
        let task = Task { try await ask(phone, timeout: .seconds(600)) }
        try #require(try await eventually { try phone.journal.lastSequence() != 0 })
        return task
    }

    @Test func withoutALiveResponderItReturnsAtOnceAndJournalsNothing() async throws {
        let phone = try hub()
        let gone = try hub().respondAcrossProcesses(to: "weather.now", as: "station") { _ in Weather(celsius: 1) }
        gone.cancel()
        let own = try phone.respondAcrossProcesses(to: "weather.now", as: "phone") { _ in Weather(celsius: 2) }
        let answer = try await ask(phone, timeout: .seconds(60))
        #expect(answer.stopReason == .noResponders, "a cancelled responder and the requester's own are not asked")
        #expect(answer.asked == 0 && answer.replies.isEmpty)
        #expect(try phone.journal.lastSequence() == 0)
        own.cancel()
    }

    @Test func everyLiveResponderAnswersAndTheJournalShowsTheConversation() async throws {
        let (north, south, phone) = (try hub(), try hub(), try hub())
        let first = try north.respondAcrossProcesses(to: "weather.now", as: "north") { request in
            Weather(celsius: try request.decode(City.self).name.count)
        }
        let second = try south.respondAcrossProcesses(to: "weather.now", as: "south") { _ in Weather(celsius: 30) }
        let observed = Recorder<String>()
        let observer = phone.observe("weather.now") { observed.append($0.kind.rawValue) }
        let heard = Recorder<NoticeID>()
        let answer = try await phone.collectAcrossProcesses(
            "weather.now", payload: City(name: "Lyon"), from: "phone", as: Weather.self,
            timeout: .seconds(60), onReply: { heard.append($0.id) })
        #expect(answer.stopReason == .allAnswered)
        #expect(answer.asked == 2)
        #expect(Set(answer.values) == [Weather(celsius: 4), Weather(celsius: 30)])
        #expect(Set(answer.replies.map(\.responder)) == ["north", "south"])
        #expect(heard.elements.count == 2, "onReply heard each reply")
        var stored: [Notice] = []
        try phone.journal.read(JournalQuery()) {
            stored.append($0); return true
        }
        try #require(stored.count == 3)
        let request = stored[0]
        #expect(request.kind == .request && request.sender == "phone")
        #expect(request.conversation == request.id && request.cause == nil, "a request starts its conversation")
        for reply in stored.dropFirst() {
            #expect(reply.kind == .reply && reply.name == "weather.now")
            #expect(reply.cause == request.id && reply.conversation == request.id)
        }
        #expect(Set(heard.elements) == Set(stored.dropFirst().map(\.id)))
        #expect(observed.elements.isEmpty, "requests and replies are not delivered to observers")
        withExtendedLifetime((first, second, observer)) {}
    }

    @Test func theCapStopsTheCollectionAndAFailureCounts() async throws {
        let (a, b, c, phone) = (try hub(), try hub(), try hub(), try hub())
        struct Broken: Error, CustomStringConvertible { var description: String { "sensor unplugged" } }
        let responders = [
            try a.respondAcrossProcesses(to: "weather.now", as: "a") { _ -> Weather in throw Broken() },
            try b.respondAcrossProcesses(to: "weather.now", as: "b") { _ in Weather(celsius: 2) },
            try c.respondAcrossProcesses(to: "weather.now", as: "c") { _ in Weather(celsius: 3) },
        ]
        let all = try await ask(phone, timeout: .seconds(60))
        #expect(all.stopReason == .allAnswered && all.replies.count == 3)
        let failure = try #require(all.replies.first { $0.responder == "a" })
        #expect(throws: NoticeHubError.responderFailed(responder: "a", reason: "sensor unplugged")) {
            try failure.result.get()
        }
        let capped = try await ask(phone, maxReplies: 2)
        #expect(capped.stopReason == .maxRepliesReached && capped.replies.count == 2 && capped.asked == 3)
        responders.forEach { $0.cancel() }
    }

    @Test func aSlowResponderRunsIntoTheTimeout() async throws {
        let (station, phone) = (try hub(), try hub())
        let release = DispatchSemaphore(value: 0)
        let slow = try stuckResponder(on: station, until: release)
        let answer = try await ask(phone, timeout: .milliseconds(200))
        #expect(answer.stopReason == .timedOut && answer.replies.isEmpty && answer.asked == 1)
        release.signal()
        slow.cancel()
    }

    @Test func cancellingTheCollectingTaskStopsIt() async throws {
        let (station, phone) = (try hub(), try hub())
        let release = DispatchSemaphore(value: 0)
        let slow = try stuckResponder(on: station, until: release)
        let task = try await waitingRequest(from: phone)
        task.cancel()
        #expect(try await task.value.stopReason == .cancelled)
        release.signal()
        slow.cancel()
    }

    @Test func aResponderPostingWhileItAnswersNamesTheRequestAsCause() async throws {
        let (station, phone) = (try hub(), try hub())
        let answering = try station.respondAcrossProcesses(to: "weather.now", as: "station") { _ in
            try station.post("weather.asked", sender: "station")
            return Weather(celsius: 5)
        }
        let answer = try await ask(phone, timeout: .seconds(60))
        #expect(answer.values == [Weather(celsius: 5)])
        var asked: [Notice] = []
        try phone.journal.read(JournalQuery(names: ["weather.asked"])) {
            asked.append($0); return true
        }
        var requests: [Notice] = []
        try phone.journal.read(JournalQuery(kinds: [.request])) {
            requests.append($0); return true
        }
        #expect(asked.first?.cause == requests.first?.id && asked.first?.conversation == requests.first?.id)
        answering.cancel()
    }

    @Test func aResponderOnAPatternAnswersEveryNameItMatches() async throws {
        let (station, phone) = (try hub(), try hub())
        let answering = try station.respondAcrossProcesses(to: "weather.*", as: "station") { request in
            Weather(celsius: request.name == "weather.now" ? 1 : 2)
        }
        for (name, celsius) in [("weather.now", 1), ("weather.tomorrow", 2)] {
            let answer = try await ask(phone, NoticeName(validating: name))
            #expect(answer.values == [Weather(celsius: celsius)], "\(name)")
        }
        let deeper = try await ask(phone, "weather.now.hourly")
        #expect(deeper.stopReason == .noResponders, "* stands for one segment")
        await #expect(throws: NoticeHubError.patternNotPostable("weather.*")) {
            _ = try await ask(phone, "weather.*")
        }
        answering.cancel()
    }

    /// Requests and replies are committed at once whatever the hubs'
    /// durability, and never pass through projections, which see ordinary
    /// notices only.
    @Test func batchedHubsWithProjectionsAnswerAtOnce() async throws {
        struct RefuseAll: Projection {
            let schema = ProjectionSchema(identity: "refuse-all", tables: [], migrations: [])
            var names: Set<NoticeName> { ["weather.>"] }
            func apply(_ notice: Notice, to store: any ProjectionStore) throws {
                throw ProjectionRejection("weather is not stored")
            }
        }
        let path = directory.path("j.sqlite")
        func batched() throws -> NoticeHub {
            try NoticeHub(
                journal: SQLiteJournal(path: path), durability: .batched(maxDelay: .seconds(600)),
                projections: [RefuseAll()])
        }
        let (station, phone) = (try batched(), try batched())
        let answering = try station.respondAcrossProcesses(to: "weather.now", as: "station") { _ in Weather(celsius: 3)
        }
        let answer = try await ask(phone, timeout: .seconds(60))
        #expect(answer.stopReason == .allAnswered && answer.values == [Weather(celsius: 3)])
        #expect(throws: JournalError.refused(name: "weather.now", reason: "weather is not stored")) {
            try phone.post("weather.now")
        }
        // The batched transaction that post opened holds the write lock the
        // responder's withdrawal needs.
        try phone.journal.flush()
        answering.cancel()
    }

    @Test func closingTheHubEndsItsWaitingRequests() async throws {
        let (station, phone) = (try hub(), try hub())
        let release = DispatchSemaphore(value: 0)
        let slow = try stuckResponder(on: station, until: release)
        let task = try await waitingRequest(from: phone)
        try phone.close()
        await #expect(throws: JournalError.closed) { try await task.value }
        await #expect(throws: JournalError.closed) {
            _ = try await ask(phone, timeout: .seconds(1))
        }
        release.signal()
        slow.cancel()
    }

    @Test func closingAResponderHubWithdrawsItsResponders() async throws {
        let (station, phone) = (try hub(), try hub())
        let answering = try station.respondAcrossProcesses(to: "weather.now", as: "station") { _ in Weather(celsius: 1)
        }
        #expect(try phone.journal.liveResponders().map(\.responder) == ["station"])
        try station.close()
        #expect(try phone.journal.liveResponders().isEmpty)
        let answer = try await ask(phone, timeout: .seconds(60))
        #expect(answer.stopReason == .noResponders)
        #expect(throws: JournalError.closed) {
            _ = try station.respondAcrossProcesses(to: "weather.now", as: "station") { _ in Weather(celsius: 1) }
        }
        answering.cancel()
    }

    @Test func anInMemoryHubCannotRequestAcrossProcesses() async throws {
        await #expect(throws: JournalError.noJournal) {
            _ = try await NoticeHub().collectAcrossProcesses(
                "weather.now", payload: City(name: "Lyon"), from: "phone", as: Weather.self, timeout: .seconds(1))
        }
        #expect(throws: JournalError.noJournal) {
            _ = try NoticeHub().respondAcrossProcesses(to: "weather.now", as: "station") { _ in Weather(celsius: 1) }
        }
    }
}
