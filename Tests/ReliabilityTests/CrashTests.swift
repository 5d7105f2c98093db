import Foundation
@testable import NoticeHub
import NoticeNews
import Testing
import TestSupport

/// SQLite's crash-test philosophy, with SIGKILL: a child appends and
/// imports news activity and is killed at random moments; after every kill
/// the file is sound, the likes state is what the journal implies, and every
/// post the child reported as done is there.
@Suite(.serialized)
struct CrashTests {
    @Test(.timeLimit(.minutes(3)))
    func killedPostersLoseNothingAcknowledged() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("crash.sqlite")
        var generator = SystemRandomNumberGenerator()
        var acknowledged: [String: Int64] = [:]
        var rounds = 0
        for round in 0..<30 {
            let (child, output) = try TortureChild.start(["news", path, "user\(round % 4)", "400"])
            _ = output.wait(seconds: 10) { !$0.isEmpty } // it is posting
            Thread.sleep(forTimeInterval: Double.random(in: 0.0...0.03, using: &generator))
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            Thread.sleep(forTimeInterval: 0.01)
            for line in output.lines where line.hasPrefix("ok ") {
                let fields = line.split(separator: " ")
                acknowledged[String(fields[2])] = Int64(fields[1])
            }
            #expect(try integrityCheck(path) == "ok", "round \(round)")
            let hub = try NoticeHub(journal: SQLiteJournal(path: path), projections: [LikesProjection()])
            let stored = try storedIDs(hub)
            let lost = acknowledged.filter { stored[$0.key] != $0.value }
            #expect(lost.isEmpty, "round \(round): \(lost.count) acknowledged posts missing")
            #expect(try NewsStore.differences(in: hub).isEmpty, "round \(round): state and journal disagree")
            rounds += 1
        }
        #expect(rounds == 30)
        #expect(acknowledged.count > 30, "the children got to post between kills")
    }

    @Test(.timeLimit(.minutes(3)))
    func aKilledImportResumesToExactlyOnce() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("import.sqlite")
        let file = directory.path("activity.jsonl")
        let lines = Self.activity(news: 50, users: 60)
        try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        var generator = SystemRandomNumberGenerator()
        for round in 0..<12 {
            let (child, _) = try TortureChild.start(["import", path, file])
            Thread.sleep(forTimeInterval: Double.random(in: 0.0...0.25, using: &generator))
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            // Killed before it created the file (a slow start): nothing to check.
            guard FileManager.default.fileExists(atPath: path) else { continue }
            #expect(try integrityCheck(path) == "ok", "round \(round)")
            let hub = try NoticeHub(journal: SQLiteJournal(path: path), projections: [LikesProjection()])
            let count = try hub.journal.lastSequence()
            #expect(
                count == 0 || count == Int64(lines.count), "round \(round): an import is all or nothing, found \(count)"
            )
            #expect(try NewsStore.differences(in: hub).isEmpty)
        }
        let (child, output) = try TortureChild.start(["import", path, file])
        child.waitUntilExit()
        #expect(child.terminationStatus == 0)
        let hub = try NoticeHub(journal: SQLiteJournal(path: path), projections: [LikesProjection()])
        let stored = try storedIDs(hub)
        #expect(stored.count == lines.count, "every notice exactly once")
        #expect(try hub.journal.lastSequence() == Int64(lines.count))
        #expect(output.lines.last?.hasPrefix("done ") == true)
        #expect(try NewsStore.differences(in: hub).isEmpty)
    }

    /// Publishing then liking, as JSON lines with fixed ids.
    static func activity(news: Int, users: Int) -> [String] {
        var lines: [String] = []
        for id in 0..<news {
            lines.append(
                #"{"id":"\#(NoticeID.next())","name":"news.published","sender":"editor","payload":{"id":\#(id),"title":"News\#(id)"},"postedAt":"2026-11-21T15:04:05.123Z"}"#
            )
        }
        for user in 0..<users {
            for id in stride(from: user % 3, to: news, by: 3) {
                lines.append(
                    #"{"id":"\#(NoticeID.next())","name":"news.liked","sender":"feed","payload":{"newsID":\#(id),"user":"user\#(user)"},"postedAt":"2026-11-21T15:04:06.000Z"}"#
                )
            }
        }
        return lines
    }
}
