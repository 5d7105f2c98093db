import Foundation
import NoticeHub
import Testing
import TestSupport

/// The lock files beside a SQLite journal take the journal's permissions, as
/// SQLite's `-wal` and `-shm` do: a group that shares a journal (mode 0660,
/// say) shares the claims of its responders and durable subscribers too.
struct LockFileModeTests {
    @Test func lockFilesTakeTheJournalsPermissions() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("shared.sqlite")
        let hub = try NoticeHub(journal: SQLiteJournal(path: path))
        #expect(chmod(path, 0o640) == 0)
        let subscription = try hub.journal.subscribe(as: "indexer") { _ in }
        let answering = try hub.respondAcrossProcesses(to: "weather.now", as: "station") { _ in 21 }
        for lockFile in [path + "-subscribers", path + "-responders"] {
            let mode = try FileManager.default.attributesOfItem(atPath: lockFile)[.posixPermissions] as? Int
            #expect(mode == 0o640, "\(lockFile)")
        }
        subscription.cancel()
        answering.cancel()
    }
}
