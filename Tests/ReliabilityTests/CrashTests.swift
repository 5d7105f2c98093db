import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
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
            // Killed only after a post it reported: a child busy refusing
            // likes of news not yet published, or slow to start on a loaded
            // machine, would otherwise be killed before it acknowledged any.
            _ = output.wait(seconds: 10) { lines in lines.contains { $0.hasPrefix("ok ") } }
            Self.killAtRandom(child, within: 0.03, using: &generator)
            #expect(output.waitForEnd(), "round \(round): every line the child wrote was read")
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
        #expect(acknowledged.count >= 30, "every child acknowledged a post before its kill")
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
            Self.killAtRandom(child, within: 0.25, using: &generator)
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

    /// A trim killed between or inside its batches removes whole batches
    /// only: every notice above the trimmed range is still there, under its
    /// sequence, the counts agree with the rows, and the next trim finishes.
    @Test(.timeLimit(.minutes(3)))
    func aKilledTrimLosesNoRetainedNoticeAndIsFinishedByTheNext() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("trim.sqlite")
        let original: [String: Int64]
        do {
            let hub = try NoticeHub(journal: SQLiteJournal(path: path), durability: .never)
            for index in 0..<3_000 { try hub.post(index % 3 == 0 ? "b" : "a", payload: ["i": index]) }
            try hub.close()
            original = try storedIDs(NoticeHub(journal: SQLiteJournal(path: path)))
        }
        let retained = original.filter { $0.value > 2_000 }
        var generator = SystemRandomNumberGenerator()
        var cutShort = 0
        for round in 0..<8 {
            let (child, output) = try TortureChild.start(["trim", path, "2000", "5"])
            _ = output.wait(seconds: 10) { !$0.isEmpty } // a batch is removed
            Self.killAtRandom(child, within: 0.02, using: &generator)
            #expect(try integrityCheck(path) == "ok", "round \(round)")
            let hub = try NoticeHub(journal: SQLiteJournal(path: path))
            let first = try hub.journal.firstRetainedSequence()
            #expect(first == 1 || first == 2_001, "round \(round)")
            var left: [String: Int64] = [:]
            try hub.journal.read(JournalQuery(from: first)) {
                left[$0.id.description] = $0.sequence
                return true
            }
            #expect(retained.allSatisfy { left[$0.key] == $0.value }, "round \(round): a retained notice is gone")
            #expect(try hub.journal.malformedRows().isEmpty, "round \(round)")
            let counted = try hub.journal.statistics()
            #expect(counted.notices == counted.byName.map(\.count).reduce(0, +))
            if first == 2_001, let lowest = counted.firstSequence, lowest < 2_001 { cutShort += 1 }
        }
        #expect(cutShort > 0, "a kill landed between the batches of a trim")
        let (child, output) = try TortureChild.start(["trim", path, "2000", "5"])
        child.waitUntilExit()
        #expect(child.terminationStatus == 0)
        #expect(output.lines.last?.hasSuffix(" 2001") == true)
        let hub = try NoticeHub(journal: SQLiteJournal(path: path))
        var left: [String: Int64] = [:]
        try hub.journal.read(JournalQuery(from: 2_001)) {
            left[$0.id.description] = $0.sequence
            return true
        }
        #expect(left == retained)
        #expect(try hub.journal.statistics().notices == 1_000)
        #expect(try hub.journal.statistics().firstSequence == 2_001)
    }

    /// Kills `child` with SIGKILL at a random moment of the next `seconds`,
    /// and waits until it has exited. The sleep is that random moment.
    static func killAtRandom(
        _ child: Process, within seconds: Double, using generator: inout SystemRandomNumberGenerator
    ) {
        Thread.sleep(forTimeInterval: Double.random(in: 0.0...seconds, using: &generator))
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
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
