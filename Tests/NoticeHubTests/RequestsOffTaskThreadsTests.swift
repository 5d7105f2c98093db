import NoticeHub
import Synchronization
import Testing
import TestSupport

/// A request across processes makes the journal's calls, which block on its
/// disk or, on PostgreSQL, on its server, on threads of their own: a task's
/// thread is one of only as many as the processors.
struct RequestsOffTaskThreadsTests {
    struct City: Codable, Sendable { let name: String }
    struct Weather: Codable, Sendable, Equatable { let celsius: Int }

    /// A SQLite journal that notes each call made on a task's thread.
    final class TaskThreadWatch: RenewingClaimsJournal {
        let base: SQLiteJournal
        private let calls = Mutex<[(call: String, onTask: Bool)]>([])

        init(_ base: SQLiteJournal) {
            self.base = base
        }

        /// The calls made since ``forget()``, and whether each ran on a
        /// task's thread.
        var seen: [(call: String, onTask: Bool)] { calls.withLock { $0 } }

        /// Forgets the calls made so far: opening the hub, which the test
        /// does on its task.
        func forget() {
            calls.withLock { $0.removeAll() }
        }

        private func note(_ call: String) {
            let onTask = withUnsafeCurrentTask { $0 != nil }
            calls.withLock { $0.append((call, onTask)) }
        }

        var location: String { base.location }
        var claimRenewalGrace: Duration { .zero }
        var pollInterval: Duration { base.pollInterval }

        func connect(durability: Durability) throws -> any JournalConnection {
            note("connect")
            return try base.connect(durability: durability)
        }

        func connectForReading() throws -> any JournalConnection {
            note("connectForReading")
            return try base.connectForReading()
        }

        func claimSubscriber(_ subscriber: String) throws -> any SubscriberClaim {
            note("claimSubscriber")
            return try base.claimSubscriber(subscriber)
        }

        func claimResponder(_ responder: Sender, answering name: NoticeName) throws -> any ResponderClaim {
            note("claimResponder")
            return try base.claimResponder(responder, answering: name)
        }

        func claimResponder(_ responder: Sender, answering name: NoticeName, reusing key: Int64) throws
            -> (any ResponderClaim)?
        {
            note("claimResponder")
            return nil
        }

        func liveResponders() throws -> [LiveResponder] {
            note("liveResponders")
            return try base.liveResponders()
        }

        func liveResponderKeys(among keys: Set<Int64>) throws -> Set<Int64> {
            note("liveResponderKeys")
            return try base.liveResponderKeys(among: keys)
        }
    }

    @Test func aRequestAcrossProcessesCallsTheJournalOffTheTasksThreads() async throws {
        let directory = TemporaryDirectory()
        let path = directory.path("journal.sqlite")
        let station = try NoticeHub(journal: SQLiteJournal(path: path))
        let answering = try station.respondAcrossProcesses(to: "weather.now", as: "station") { _ in
            Weather(celsius: 12)
        }
        defer { answering.cancel() }
        let journal = TaskThreadWatch(try SQLiteJournal(path: path))
        let phone = try NoticeHub(journal: journal)
        journal.forget()

        let forecast = try await phone.collectAcrossProcesses(
            "weather.now", payload: City(name: "Lyon"), from: "phone", as: Weather.self, timeout: .seconds(60))

        #expect(forecast.values == [Weather(celsius: 12)])
        let calls = journal.seen
        #expect(calls.contains { $0.call == "liveResponders" }, "the request asked who answers: \(calls)")
        #expect(calls.contains { $0.call == "connectForReading" }, "and read the replies: \(calls)")
        #expect(calls.filter(\.onTask).isEmpty, "calls made on a task's thread: \(calls.filter(\.onTask))")
    }
}
