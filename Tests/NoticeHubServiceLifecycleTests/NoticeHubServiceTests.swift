#if ServiceLifecycle
    import Foundation
    import NoticeHub
    import NoticeHubServiceLifecycle
    import ServiceLifecycle
    import ServiceLifecycleTestKit
    import Synchronization
    import Testing
    import TestSupport

    @Suite("A hub's work as a swift-service-lifecycle service")
    struct NoticeHubServiceTests {
        @Test func aGracefulShutdownStopsTheWorkAndClosesTheHub() async throws {
            let directory = TemporaryDirectory()
            let path = directory.path("journal.sqlite")
            let hub = try NoticeHub(journal: SQLiteJournal(path: path))
            let handled = Mutex<[String]>([])
            let retention = Mutex<Subscription?>(nil)
            let service = NoticeHubService(hub: hub) { hub in
                let trimming = try hub.journal.applyRetention(every: .seconds(3_600))
                retention.withLock { $0 = trimming }
                return [
                    try hub.journal.subscribe(as: "mailer", names: ["order.placed"]) { notice in
                        handled.withLock { $0.append(notice.name.rawValue) }
                    },
                    trimming,
                ]
            }
            let poster = try NoticeHub(journal: SQLiteJournal(path: path))
            try await testGracefulShutdown { trigger in
                try await withThrowingTaskGroup { group in
                    group.addTask { try await service.run() }
                    try poster.post("order.placed")
                    #expect(await eventually { !handled.withLock { $0.isEmpty } })
                    trigger.triggerGracefulShutdown()
                    try await group.waitForAll()
                }
            }
            #expect(handled.withLock { $0 } == ["order.placed"])
            #expect(retention.withLock { $0?.isCancelled } == true, "retention stops with the service")
            #expect(throws: JournalError.closed) { try hub.post("order.placed") }
            // The subscriber's claim was released: the name can be claimed again.
            let again = try poster.journal.subscribe(as: "mailer", names: ["order.placed"]) { _ in }
            again.cancel()
            try poster.close()
        }

        /// Starting the work claims and connects, which may block on a
        /// server: it runs on a thread of its own, not a task's.
        @Test func theWorkStartsOffTheTasksThreads() async throws {
            let directory = TemporaryDirectory()
            let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("journal.sqlite")))
            let startedOnTask = Mutex<Bool?>(nil)
            let service = NoticeHubService(hub: hub) { hub in
                startedOnTask.withLock { $0 = withUnsafeCurrentTask { $0 != nil } }
                return [try hub.journal.follow()]
            }
            try await testGracefulShutdown { trigger in
                try await withThrowingTaskGroup { group in
                    group.addTask { try await service.run() }
                    #expect(await eventually { startedOnTask.withLock { $0 != nil } })
                    trigger.triggerGracefulShutdown()
                    try await group.waitForAll()
                }
            }
            #expect(startedOnTask.withLock { $0 } == false)
            #expect(throws: JournalError.closed) { try hub.post("order.placed") }
        }

        @Test func workThatCannotStartFailsTheServiceAndClosesTheHub() async throws {
            let directory = TemporaryDirectory()
            let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("journal.sqlite")))
            let service = NoticeHubService(hub: hub) { hub in
                [try hub.journal.subscribe(as: "", names: ["order.placed"]) { _ in }]
            }
            await #expect(throws: NoticeHubError.self) { try await service.run() }
            #expect(throws: JournalError.closed) { try hub.post("order.placed") }
        }
    }
#endif
