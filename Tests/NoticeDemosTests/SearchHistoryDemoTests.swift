import NoticeDemos
import NoticeHub
import Testing
import TestSupport

/// The search history's repository: most recent first, each term once,
/// bounded, and restored from the journal by a new repository.
struct SearchHistoryDemoTests {
    @Test func theRepositoryKeepsRecentTermsOnceAndBounded() throws {
        let repository = try SearchHistoryRepository(hub: NoticeHub(), capacity: 3)
        for term in ["a", "b", "a", "c", "d"] { repository.record(term) }
        #expect(repository.terms == ["d", "c", "a"])
    }

    @Test func aNewRepositoryRestoresTheTermsFromTheJournal() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("history.sqlite")
        do {
            let hub = try NoticeHub(journal: SQLiteJournal(path: path))
            let printed = Printed()
            try SearchHistoryDemo.run(on: hub) { printed($0) }
            try hub.close()
        }
        let reopened = try NoticeHub(journal: SQLiteJournal(path: path))
        #expect(try SearchHistoryRepository(hub: reopened).terms == ["swift", "mediator", "sqlite"])
        #expect(try SearchHistoryRepository(hub: reopened, capacity: 2).terms == ["swift", "mediator"])
    }
}
