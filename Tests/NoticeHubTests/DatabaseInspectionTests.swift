import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
import NoticeSQLite
import Synchronization
import Testing
import TestSupport

/// Inspecting a file another process is creating or migrating.
struct DatabaseInspectionTests {
    /// The application id, the schema version and the table list come from
    /// one snapshot: a journal committed between two of those reads is never
    /// taken for another application's database.
    @Test func inspectionReadsOneSnapshotWhileAnotherConnectionCommits() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("busy.sqlite")
        let stop = StopFlag()
        let ready = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread {
            defer { done.signal() }
            guard let writer = try? SQLiteConnection(path: path, mode: .readWriteCreate),
                (try? writer.enableWAL()) != nil,
                // A first write makes the -wal file, which readers then share.
                (try? writer.execute("PRAGMA user_version = 0")) != nil
            else {
                ready.signal()
                return
            }
            writer.setBusyTimeout(milliseconds: 5_000)
            ready.signal()
            // Each state is committed whole: a journal, then an empty database.
            while !stop.isSet {
                try? writer.execute(
                    """
                    BEGIN IMMEDIATE; CREATE TABLE notices (seq integer PRIMARY KEY);
                    PRAGMA application_id = \(Migration.applicationID); PRAGMA user_version = 1; COMMIT
                    """)
                try? writer.execute(
                    "BEGIN IMMEDIATE; DROP TABLE notices; PRAGMA application_id = 0; PRAGMA user_version = 0; COMMIT")
            }
        }.start()
        ready.wait()
        defer {
            stop.set()
            done.wait()
        }
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        for _ in 0..<2_000 {
            let finding = try DatabaseInspection.inspect(path: path)
            #expect(finding == .noticeHub(version: 0) || finding == .noticeHub(version: 1))
            if case .foreign = finding { break }
        }
    }
}

private final class StopFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    var isSet: Bool { flag.load(ordering: .acquiring) }
    func set() { flag.store(true, ordering: .releasing) }
}
