import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
import NoticeNews
import Testing
import TestSupport

/// A disk that fills up mid-write (`PRAGMA max_page_count`): the error
/// surfaces, and the journal stays consistent and usable.
struct DiskFullTests {
    @Test(arguments: [Durability.always, .batched(maxDelay: .milliseconds(10))])
    func aFullDiskSurfacesAndLosesNothingAcknowledged(durability: Durability) throws {
        let directory = TemporaryDirectory()
        let path = directory.path("full.sqlite")
        var acknowledged: [String] = []
        var failure: (any Error)?
        do {
            let hub = try NoticeHub(
                journal: SQLiteJournal(path: path, maxPageCount: 40), durability: durability,
                projections: [LikesProjection()])
            try hub.post(NewsPublished(id: 1, title: "News1"))
            try hub.journal.flush()
            let padding = String(repeating: "x", count: 900)
            for index in 0..<1_000 {
                do {
                    let notice = try hub.post(NewsLiked(newsID: 1, user: "user\(index)-\(padding)"))
                    acknowledged.append(notice.id.description)
                } catch {
                    failure = error
                    break
                }
            }
            if durability == .always {
                // Larger than the few pages the last appends may leave free
                // (an auto-vacuumed file keeps pointer-map pages besides).
                let overPage = String(repeating: "x", count: 50_000)
                #expect(throws: (any Error).self, "still full") { try hub.post("after", payload: overPage) }
            }
            try? hub.close()
        }
        let message = failure.map { "\($0)" } ?? ""
        #expect(message.contains("full"), "the error names the cause: \(message)")
        #expect(!message.contains("\n"))
        #expect(try integrityCheck(path) == "ok")
        let reopened = try NoticeHub(journal: SQLiteJournal(path: path), projections: [LikesProjection()])
        let stored = try storedIDs(reopened)
        if durability == .always {
            #expect(acknowledged.allSatisfy { stored[$0] != nil }, "every acknowledged post is there")
        } else {
            #expect(message.contains("since the last commit were rolled back"), "the lost window is reported")
        }
        #expect(try NewsStore.differences(in: reopened).isEmpty)
        try reopened.post(NewsLiked(newsID: 1, user: "after the cleanup"))
    }
}
