#if Postgres
    import Foundation
    import NoticeHub
    import NoticeHubPostgres
    import Synchronization
    import Testing
    import TestSupport

    /// A durable subscriber's name is free on the server once whatever held
    /// it has returned: a subscription's `cancel()`, a deletion, a refused
    /// subscribe. The next claim of it, at once and from any session,
    /// succeeds; none waits for a connection to finish closing.
    struct ClaimReleaseTests {
        /// How many times each way of letting go is tried: a release that
        /// leaves the lock to the connection's closing loses the race to the
        /// next claim in a good share of tries.
        static let rounds = 40

        @Test(arguments: PostgresTestServer.available)
        func aCancelledSubscribersNameIsFreeAtOnce(server: PostgresTestServer) throws {
            let place = try SessionLossTests.Place(server.url)
            let journal = try PostgresJournal(url: place.url)
            let hub = try NoticeHub(journal: journal)
            for index in 1...3 { try hub.post("tick", payload: index) }
            for round in 1...Self.rounds {
                let handled = Atomic<Int>(0)
                let subscription = try hub.journal.subscribe(
                    as: "mailer", pollInterval: .milliseconds(5), delivery: DeliveryPolicy(maxDeliveries: 1)
                ) { notice in
                    handled.add(1, ordering: .relaxed)
                    if notice.sequence == 2 { throw Refused() }
                }
                // Every other round is cancelled while it reads, the others once idle.
                if round.isMultiple(of: 2) {
                    try place.waitUntil {
                        (try? hub.journal.statistics().subscribers.first { $0.name == "mailer" }?.cursor) == 3
                    }
                }
                subscription.cancel()
                #expect(try claimsAtOnce(journal), "round \(round), after \(handled.load(ordering: .relaxed))")
                try hub.journal.deleteSubscriber("mailer")
            }
        }

        @Test(arguments: PostgresTestServer.available)
        func aDeletedSubscribersNameIsFreeAtOnce(server: PostgresTestServer) throws {
            let place = try SessionLossTests.Place(server.url)
            let journal = try PostgresJournal(url: place.url)
            let hub = try NoticeHub(journal: journal)
            for round in 1...Self.rounds {
                try hub.journal.deleteSubscriber("mailer")
                #expect(try claimsAtOnce(journal), "round \(round)")
            }
        }

        @Test(arguments: PostgresTestServer.available)
        func aRefusedSubscribersNameIsFreeAtOnce(server: PostgresTestServer) throws {
            let place = try SessionLossTests.Place(server.url)
            let journal = try PostgresJournal(url: place.url)
            let hub = try NoticeHub(journal: journal)
            let member = try hub.journal.subscribe(as: "mailer", sharing: .group()) { _ in }
            member.cancel()
            // The name belongs to a group: subscribing exclusively claims it, then lets go.
            for round in 1...Self.rounds {
                #expect(throws: JournalError.subscriberGrouped("mailer")) {
                    try hub.journal.subscribe(as: "mailer") { _ in }
                }
                #expect(try claimsAtOnce(journal), "round \(round)")
            }
        }

        /// Whether `journal` claims "mailer" at the first try, on a session
        /// of its own; it lets go at once.
        private func claimsAtOnce(_ journal: PostgresJournal) throws -> Bool {
            do {
                try journal.claimSubscriber("mailer").release()
                return true
            } catch let error as JournalError where error == .subscriberBusy("mailer") {
                return false
            }
        }

        struct Refused: Error {}
    }
#endif
