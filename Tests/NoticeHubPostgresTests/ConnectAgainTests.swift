#if Postgres
    import Foundation
    import NoticeHub
    import NoticeHubPostgres
    import Testing
    import TestSupport

    /// A connection attempt that does not finish within its 10 s (a server or
    /// a client host with its cores all busy) is made again within the
    /// minute a journal waits for its server, instead of failing the open.
    struct ConnectAgainTests {
        @Test(arguments: PostgresTestServer.available)
        func anAttemptTheServerNeverAnswersIsMadeAgain(server: PostgresTestServer) throws {
            let place = try SessionLossTests.Place(server.url)
            let target = try PostgresURL(place.url)
            let proxy = try SilentFirstConnectionProxy(forwardingTo: target.host, port: target.port)
            defer { proxy.close() }
            let shownHost = target.host.contains(":") ? "[\(target.host)]" : target.host
            let throughProxy = place.url.replacingOccurrences(
                of: "@\(shownHost):\(target.port)/", with: "@127.0.0.1:\(proxy.port)/")
            #expect(throughProxy != place.url)
            let started = ContinuousClock.now
            let hub = try NoticeHub(journal: PostgresJournal(url: throughProxy))
            #expect(try hub.post("through.the.proxy").sequence == 1)
            #expect(started.duration(to: .now) >= .seconds(9.5), "the first attempt waited its 10 s")
            #expect(proxy.connectionsAccepted >= 2)
            try hub.close()
        }
    }
#endif
