#if Postgres
    import Foundation
    import NoticeHub
    @testable import NoticeHubPostgres
    import PostgresNIO
    import Testing
    import TestSupport

    /// A journal object's connections come from its pool, one owner at a
    /// time: a transaction holds one alone while other calls, from its own
    /// thread or others, borrow another at once; the pool never holds more
    /// than `pool_max_conns`, and a caller finding them all in use waits for
    /// one to come back, for a stated time at most.
    struct ConnectionPoolTests {
        @Test(arguments: PostgresTestServer.available)
        func aReadStateClosureThatPostsGoesOn(server: PostgresTestServer) throws {
            let place = try SessionLossTests.Place(server.url)
            let hub = try NoticeHub(journal: PostgresJournal(url: place.url(applicationName: "nested")))
            let posted = try hub.journal.readState { _ in try hub.post("inside").sequence }
            #expect(posted == 1)
            #expect(try hub.journal.lastSequence() == 1)
            #expect(try place.sessionsByApplication()["nested"] ?? 0 <= 2, "two lent at once, kept idle")
        }

        @Test(arguments: PostgresTestServer.available)
        func aThreadWhoseOpenTransactionHoldsAConnectionStillReads(server: PostgresTestServer) throws {
            let place = try SessionLossTests.Place(server.url)
            let hub = try hubWithAnOpenTransaction(at: place)
            let started = ContinuousClock.now
            #expect(try hub.journal.lastSequence() == 0, "what is committed: the transaction is still open")
            #expect(started.duration(to: .now) < .seconds(5), "read at once, not after waiting for itself")
            try hub.close()
            #expect(try NoticeHub(journal: PostgresJournal(url: place.url)).journal.lastSequence() == 1)
        }

        /// Another thread's read does not wait for a long transaction.
        @Test(arguments: PostgresTestServer.available)
        func anotherThreadsReadGoesOnBesideALongTransaction(server: PostgresTestServer) throws {
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
            #expect(read.all == ["0"])
            #expect(started.duration(to: .now) < .seconds(5))
            try hub.close()
        }

        /// With every connection held, a statement waits for one to come
        /// back, and past the wait throws a one-line error naming the cap; the
        /// server never sees more connections than the cap.
        @Test(arguments: PostgresTestServer.available)
        func aCallerFindingEveryConnectionInUseWaitsForOneThenGivesUp(server: PostgresTestServer) throws {
            let place = try SessionLossTests.Place(server.url)
            let url = try PostgresURL(place.url(applicationName: "capped") + "&pool_max_conns=2")
            let settings = PostgresSettings(url: url, connectionWait: .milliseconds(500))
            let first = try PostgresSession(settings), second = try PostgresSession(settings)
            try first.holdConnection()
            try second.holdConnection()
            let third = try? PostgresSession(settings)
            #expect(third == nil, "no third connection while two are held")
            #expect {
                try PostgresSession(settings).query("SELECT 1")
            } throws: { error in
                "\(error)".contains("all 2 of the journal's connections stayed in use for 0.5 seconds")
                    && !"\(error)".contains("\n")
            }
            #expect(try place.sessionsByApplication()["capped"] == 2)
            // One given back is lent to the waiting caller.
            let waiter = Lines()
            let done = DispatchSemaphore(value: 0)
            let patient = PostgresSettings(url: url, connectionWait: .seconds(30))
            let patientFirst = try PostgresSession(patient), patientSecond = try PostgresSession(patient)
            try patientFirst.holdConnection()
            try patientSecond.holdConnection()
            Thread.detachNewThread {
                waiter.append(
                    (try? PostgresSession(patient).script("SELECT 7").first?.decode(Int.self)).map(String.init)
                        ?? "failed")
                done.signal()
            }
            patientFirst.releaseConnection()
            #expect(done.wait(timeout: .now() + 30) == .success)
            #expect(waiter.all == ["7"])
            first.releaseConnection()
            second.releaseConnection()
            patientSecond.releaseConnection()
        }

        /// A hub whose calling thread holds a connection in a transaction: a
        /// post waits in a `.batched` transaction for a minute.
        private func hubWithAnOpenTransaction(at place: SessionLossTests.Place) throws -> NoticeHub {
            let hub = try NoticeHub(
                journal: PostgresJournal(url: place.url), durability: .batched(maxDelay: .seconds(60)))
            try hub.post("pending")
            return hub
        }
    }
#endif
