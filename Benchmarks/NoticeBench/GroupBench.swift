import Foundation
import NoticeHub

/// `subscriber.group.m3`: a durable subscriber run by a group of three
/// member processes whose handler takes 1 ms a notice, against the same
/// group with one member: nanoseconds per notice from the members' start
/// to the last notice handled.
public enum GroupBench {
    static let subscriber = "bench.group"
    static let name: NoticeName = "bench.group"

    static func run(_ options: BenchOptions, report: (BenchResult) -> Void) throws {
        guard options.selects("subscriber.group.m3") else { return }
        let count = options.size(3_000, floor: 300)
        var one: [Double] = []
        var three: [Double] = []
        for _ in 0..<(options.quick ? 1 : 3) {
            one.append(try secondsToHandle(count, members: 1, options) * 1e9 / Double(count))
            three.append(try secondsToHandle(count, members: 3, options) * 1e9 / Double(count))
        }
        one.sort()
        three.sort()
        report(
            BenchResult(
                bench: "subscriber.group.m3", nsPerOp: three[three.count / 2], nsPerOpMin: three[0],
                anchor: "the same group, one member", anchorNsPerOp: one[one.count / 2]))
    }

    /// Journals `count` notices, then starts `members` member processes at
    /// once and waits until every notice is handled: the group's cursor at
    /// the last one and no notice held.
    static func secondsToHandle(_ count: Int, members: Int, _ options: BenchOptions) throws -> Double {
        let path = options.path("group.sqlite")
        JournalAppendBench.removeJournal(path)
        defer { JournalAppendBench.removeJournal(path) }
        let hub = try NoticeHub(journal: SQLiteJournal(path: path), durability: .never)
        for index in 0..<count { try hub.post(name, payload: index) }
        try hub.journal.flush()
        var children: [(process: Process, input: Pipe)] = []
        defer {
            for child in children {
                try? child.input.fileHandleForWriting.close()
                child.process.waitUntilExit()
            }
        }
        for _ in 0..<members {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: options.executable)
            child.arguments = ["group-member", path, "1"]
            let input = Pipe(), output = Pipe()
            child.standardInput = input
            child.standardOutput = output
            try child.run()
            children.append((child, input))
            try check(LineReader(output.fileHandleForReading).next() == "ready", "a group member did not start")
        }
        let start = now()
        for child in children { child.input.fileHandleForWriting.write(Data("go\n".utf8)) }
        while true {
            let cursor = try hub.journal.statistics().subscribers.first { $0.name == subscriber }?.cursor
            if cursor == Int64(count), try hub.journal.groupMembers(of: subscriber) == [:] { break }
            Thread.sleep(forTimeInterval: 0.001)
        }
        return Double(now() - start) / 1e9
    }

    /// A member process: prints `ready`, joins the group on `go`, hands each
    /// notice to a handler that takes `handlerMilliseconds`, and stops when
    /// its standard input closes.
    public static func runMember(path: String, handlerMilliseconds: Double) throws {
        let hub = try NoticeHub(journal: BenchJournal.open(path))
        emit("ready")
        guard readLine() == "go" else { return }
        let member = try hub.journal.subscribe(as: subscriber, names: [name], sharing: .group()) { _ in
            Thread.sleep(forTimeInterval: handlerMilliseconds / 1000)
        }
        while readLine() != nil {}
        member.cancel()
    }
}
