import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
import Testing
import TestSupport

/// Four processes append to one journal while a fifth follows it: nothing
/// lost, nothing doubled, one total order, each poster's own order kept.
struct MultiProcessTests {
    @Test(.timeLimit(.minutes(2)))
    func fourAppendersAndAFollower() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("shared.sqlite")
        let perPoster = 150
        _ = try SQLiteJournal(path: path)
        let (follower, followed) = try TortureChild.start(["follow", path, String(4 * perPoster)])
        #expect(followed.wait(seconds: 20) { $0.contains("ready") })
        let posters = try (0..<4).map { try TortureChild.start(["append", path, "p\($0)", String(perPoster)]) }
        for (process, output) in posters {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "no poster saw SQLITE_BUSY as an error: \(output.errors)")
        }
        for (_, output) in posters {
            #expect(output.wait(seconds: 5) { $0.filter { $0.hasPrefix("ok ") }.count == perPoster })
        }
        #expect(followed.wait(seconds: 20) { $0.count == 4 * perPoster + 1 })
        // Still running: it missed some, and the expectations say which.
        if follower.isRunning { kill(follower.processIdentifier, SIGKILL) }
        follower.waitUntilExit()

        let hub = try NoticeHub(journal: SQLiteJournal(path: path))
        var perSender: [String: [Int]] = [:]
        var sequences: [Int64] = []
        try hub.journal.read(JournalQuery()) { notice in
            sequences.append(notice.sequence!)
            perSender[notice.sender!.rawValue, default: []].append(try notice.decode([String: Int].self)["i"]!)
            return true
        }
        #expect(sequences == Array(1...Int64(4 * perPoster)), "one gapless total order")
        for poster in 0..<4 {
            #expect(perSender["p\(poster)"] == Array(0..<perPoster), "poster \(poster)'s order")
        }

        let lines = followed.lines.filter { $0 != "ready" }
        let followedSequences = lines.compactMap { Int64($0.split(separator: " ")[0]) }
        #expect(followedSequences == Array(1...Int64(4 * perPoster)), "the follower saw each notice once, in order")
    }
}
