#if Postgres
    import Foundation
    import NoticeHub
    import NoticeHubPostgres
    import Testing
    import TestSupport

    /// A journal object's statements share one server session, which a
    /// transaction holds alone: a thread that holds it and uses the journal
    /// through another connection object meanwhile goes on, on a session of
    /// its own for that call, rather than wait for itself.
    struct SharedConnectionTests {
        @Test(arguments: PostgresTestServer.available)
        func aReadStateClosureThatPostsGoesOn(server: PostgresTestServer) throws {
            let place = try SessionLossTests.Place(server.url)
            let hub = try NoticeHub(journal: PostgresJournal(url: place.url(applicationName: "nested")))
            let posted = try hub.journal.readState { _ in try hub.post("inside").sequence }
            #expect(posted == 1)
            #expect(try hub.journal.lastSequence() == 1)
            // The call's own session is closed; its backend exits a moment later.
            try place.waitUntil { ((try? place.sessionsByApplication()["nested"]) ?? 3) <= 2 }
        }

        @Test(arguments: PostgresTestServer.available)
        func aThreadWhoseOpenTransactionHoldsTheSessionStillReads(server: PostgresTestServer) throws {
            let place = try SessionLossTests.Place(server.url)
            let hub = try hubWithAnOpenTransaction(at: place)
            let started = ContinuousClock.now
            #expect(try hub.journal.lastSequence() == 0, "what is committed: the transaction is still open")
            #expect(started.duration(to: .now) < .seconds(5), "read at once, not after waiting for itself")
            try hub.close()
            #expect(try NoticeHub(journal: PostgresJournal(url: place.url)).journal.lastSequence() == 1)
        }

        /// Another thread's read waits for the open transaction at most
        /// ``SharedConnection/patience``, then goes on on a session of its own.
        @Test(arguments: PostgresTestServer.available)
        func anotherThreadsReadWaitsForALongTransactionTenSecondsAtMost(server: PostgresTestServer) throws {
            let place = try SessionLossTests.Place(server.url)
            let hub = try hubWithAnOpenTransaction(at: place)
            let read = Lines()
            let started = ContinuousClock.now
            let done = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                read.append((try? hub.journal.lastSequence()).map(String.init) ?? "failed")
                done.signal()
            }
            #expect(done.wait(timeout: .now() + 30) == .success)
            let waited = started.duration(to: .now)
            #expect(read.all == ["0"])
            #expect(waited >= .seconds(9.5) && waited < .seconds(20), "waited \(waited)")
            try hub.close()
        }

        /// A hub whose calling thread holds the journal's work session: a
        /// post waits in a `.batched` transaction for a minute.
        private func hubWithAnOpenTransaction(at place: SessionLossTests.Place) throws -> NoticeHub {
            let hub = try NoticeHub(
                journal: PostgresJournal(url: place.url), durability: .batched(maxDelay: .seconds(60)))
            try hub.post("pending")
            return hub
        }
    }
#endif
