#if Postgres
    import Foundation
    @testable import NoticeHubPostgres
    import Synchronization
    import Testing
    import TestSupport

    /// ``SharedConnection/patience`` counts from the last time the connection
    /// changed hands: a session behind a stream of transactions keeps waiting
    /// for the shared connection rather than open a third session.
    struct SharedConnectionPatienceTests {
        final class Owner: Sendable {}

        @Test(arguments: PostgresTestServer.available)
        func aStatementBehindTransactionsThatHandOverKeepsWaitingPastPatience(server: PostgresTestServer) throws {
            let connection = SharedConnection(purpose: .statements)
            // Connected once: from then on a waiter may give up on it.
            connection.attach()
            defer { connection.detach() }
            _ = try connection.connection(PostgresSettings(url: PostgresURL(server.url)))
            let stop = ContinuousClock.now + SharedConnection.patience + .seconds(2)
            let handOvers = Atomic<Int>(0)
            let done = DispatchSemaphore(value: 0)
            // Two transactions take turns, one always holding or waiting, so a
            // single statement never gets in until they stop.
            let first = Owner()
            _ = connection.hold(for: ObjectIdentifier(first), exclusive: true)
            for owner in [first, Owner()] {
                Thread.detachNewThread {
                    let id = ObjectIdentifier(owner)
                    var holding = owner === first
                    while ContinuousClock.now < stop {
                        if !holding { holding = connection.hold(for: id, exclusive: true) == .held }
                        // The sleep is the transaction holding the connection.
                        Thread.sleep(forTimeInterval: 0.05)
                        connection.release(for: id, exclusive: true)
                        holding = false
                        handOvers.add(1, ordering: .relaxed)
                    }
                    done.signal()
                }
            }
            // Both have taken their turn: from now on one always holds or waits.
            #expect(eventually { handOvers.load(ordering: .relaxed) >= 2 })
            let started = ContinuousClock.now
            let statement = Owner()
            let hold = connection.hold(for: ObjectIdentifier(statement), exclusive: false)
            let waited = started.duration(to: .now)
            done.wait()
            done.wait()
            #expect(hold == .held, "waited \(waited) and was told \(hold)")
            #expect(waited > SharedConnection.patience, "the transactions kept the statement out until they stopped")
            #expect(handOvers.load(ordering: .relaxed) > 100)
        }
    }
#endif
