// A child process for the reliability tests: it appends, imports or follows
// a journal and reports each acknowledged step on stdout at once, so a test
// can kill it at any moment and check that nothing acknowledged was lost.
//
//   NoticeTortureChild news DB USER COUNT     likes and unlikes news, "ok SEQ ID" per post
//   NoticeTortureChild append DB SENDER COUNT plain notices {"i":n}, "ok SEQ ID" per post
//   NoticeTortureChild import DB FILE         one import, "done IMPORTED PRESENT"
//   NoticeTortureChild trim DB THROUGH BATCH  trims, "removed N" per batch, then "done REMOVED FIRST"
//   NoticeTortureChild follow DB COUNT        "SEQ SENDER I" per notice other processes append
//   NoticeTortureChild subscribe DB NAME      a durable subscriber NAME, "ready", then runs until killed
//   NoticeTortureChild respond DB NAME        claims to answer NAME as "child", "ready", then runs until killed
//   NoticeTortureChild posts COUNT            in-memory posts, "delivered N grew BYTES" (resident)

import Foundation
import NoticeHub
import NoticeNews

/// Writes a line with one system call: a kill right after it cannot lose it.
func report(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    bytes.withUnsafeBytes { _ = write(1, $0.baseAddress, $0.count) }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    fail("usage: NoticeTortureChild news|append|import|trim|follow|subscribe|respond DB ... | posts COUNT")
}

/// The process's resident memory, from /proc.
func residentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return (line.split(separator: " ").compactMap { Int($0) }.first ?? 0) * 1024
}

if arguments[0] == "posts" {
    // Measured here, alone, rather than in the test process, where other
    // suites allocate at the same time.
    final class Count: @unchecked Sendable { var value = 0 }
    let count = Int(arguments[1]) ?? 0
    let hub = NoticeHub()
    let delivered = Count()
    let token = hub.observe("tick") { _ in delivered.value += 1 }
    do {
        for _ in 0..<10_000 { try hub.post("tick", payload: 1) } // warm up
        let before = residentBytes()
        for index in 0..<count { try hub.post("tick", payload: index) }
        report("delivered \(delivered.value) grew \(residentBytes() - before)")
    } catch {
        fail("\(error)")
    }
    withExtendedLifetime(token) {}
    exit(0)
}
let path = arguments[1]

do {
    let hub = try NoticeHub(journal: SQLiteJournal(path: path), projections: [LikesProjection()])
    switch arguments[0] {
    case "news":
        let user = arguments[2], count = Int(arguments[3]) ?? 0
        for step in 0..<count {
            let newsID = step % 7
            do {
                let notice: Notice
                switch step % 3 {
                case 0: notice = try hub.post(NewsPublished(id: newsID, title: "News\(newsID)"), sender: "editor")
                case 1: notice = try hub.post(NewsLiked(newsID: newsID, user: user), sender: "feed")
                default: notice = try hub.post(NewsUnliked(newsID: newsID, user: user), sender: "feed")
                }
                report("ok \(notice.sequence ?? -1) \(notice.id)")
            } catch let error as JournalError where error.code == .refused {
                report("refused")
            }
        }
    case "append":
        let sender = try Sender(validating: arguments[2]), count = Int(arguments[3]) ?? 0
        for index in 0..<count {
            let notice = try hub.post("work", sender: sender, payload: ["i": index])
            report("ok \(notice.sequence ?? -1) \(notice.id)")
        }
    case "import":
        let text = try String(contentsOfFile: arguments[2], encoding: .utf8)
        let summary = try hub.journal.importNotices(text.split(separator: "\n").map(String.init))
        report("done \(summary.imported) \(summary.alreadyPresent)")
    case "trim":
        let through = Int64(arguments[2]) ?? 0, batch = Int(arguments[3]) ?? 1
        let summary = try hub.journal.trim(through: through, batchSize: batch) { report("removed \($0.removed)") }
        report("done \(summary.removed) \(summary.firstRetained)")
    case "follow":
        let count = Int(arguments[2]) ?? 0
        let done = DispatchSemaphore(value: 0)
        let seen = ManagedCounter()
        let token = hub.observe("work") { notice in
            let index = (try? notice.decode([String: Int].self))?["i"] ?? -1
            report("\(notice.sequence ?? -1) \(notice.sender?.rawValue ?? "-") \(index)")
            if seen.increment() == count { done.signal() }
        }
        let following = try hub.journal.follow()
        report("ready")
        done.wait()
        following.cancel()
        withExtendedLifetime(token) {}
    case "subscribe":
        let token = try hub.journal.subscribe(as: arguments[2]) { _ in }
        report("ready")
        // Runs until the test kills it: pause() returns only for a signal it survives.
        while true { pause() }
        withExtendedLifetime(token) {}
    case "respond":
        let claim = try SQLiteJournal(path: path).claimResponder(
            "child", answering: NoticeName(validating: arguments[2]))
        report("ready")
        while true { pause() }
        withExtendedLifetime(claim) {}
    default:
        fail("unknown mode \(arguments[0])")
    }
} catch {
    fail("\(error)")
}

/// A counter the follower's thread bumps.
final class ManagedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
