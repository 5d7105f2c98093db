#if Postgres
    import Foundation
    @testable import NoticeHubCore
    @testable import NoticeHubSQLite
    @testable import NoticeHubPostgres
    import Testing
    import TestSupport

    /// Posts from tasks: `post` is synchronous and bridges to the server's
    /// answer at its edge, so tasks that post from every thread of the
    /// concurrency runtime's cooperative pool (two here, the cores) do not
    /// starve the work that answers them.
    struct AsyncPostersTests {
        @Test(.timeLimit(.minutes(2)), arguments: PostgresTestServer.available)
        func twoHundredPostingTasksAllFinish(server: PostgresTestServer) async throws {
            let place = try SessionLossTests.Place(server.url)
            let hub = try NoticeHub(
                journal: PostgresJournal(url: place.url, logger: place.logger), logger: place.logger)
            let posted = try await withThrowingTaskGroup(of: Int64.self) { group in
                for index in 0..<200 {
                    group.addTask { try hub.post("task.posted", payload: index).sequence! }
                }
                var sequences: [Int64] = []
                for try await sequence in group { sequences.append(sequence) }
                return sequences
            }
            #expect(posted.sorted() == Array(1...200))
            #expect(try hub.journal.lastSequence() == 200)
        }
    }
#endif
