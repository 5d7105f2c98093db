import Foundation
import NoticeHub
import Synchronization

/// `follow.latency`: a second process follows the journal; milliseconds
/// from a durable post's return (its commit) to the follower's delivery.
public enum FollowBench {
    static let name: NoticeName = "bench.follow"

    static func run(_ options: BenchOptions) throws -> BenchResult {
        let path = options.path("follow.sqlite")
        defer { JournalAppendBench.removeJournal(path) }
        return try run("follow.latency", journal: SQLiteJournal(path: path), location: path, options)
    }

    /// Posts about 500 notices a second to `journal` while a second process
    /// follows it at `location`.
    static func run(_ bench: String, journal: any NoticeJournal, location: String, _ options: BenchOptions) throws
        -> BenchResult
    {
        let latencies = try latencies(bench, journal: journal, location: location, options).sorted()
        let count = latencies.count
        var result = BenchResult(bench: bench, nsPerOp: latencies[count / 2] * 1e6, nsPerOpMin: latencies[0] * 1e6)
        result.extra = [("median_ms", latencies[count / 2]), ("p99_ms", latencies[min(count - 1, count * 99 / 100)])]
        return result
    }

    /// The milliseconds from each post's return to the follower's delivery,
    /// in posting order.
    static func latencies(_ bench: String, journal: any NoticeJournal, location: String, _ options: BenchOptions)
        throws -> [Double]
    {
        let count = options.size(500, floor: 100)
        let path = location
        let hub = try NoticeHub(journal: journal)

        let child = Process()
        child.executableURL = URL(fileURLWithPath: options.executable)
        child.arguments = ["follower", path, String(count)]
        let pipe = Pipe()
        child.standardOutput = pipe
        try child.run()
        let lines = LineReader(pipe.fileHandleForReading)
        try check(lines.next() == "ready", "follower did not start")

        var committed: [Int64: UInt64] = [:]
        let start = now()
        for index in 0..<count {
            let notice = try hub.post(name, sender: "bench")
            committed[notice.sequence!] = realtimeNanoseconds()
            // Paced at 500 a second, whatever a post costs.
            let due = start + UInt64(index + 1) * 2_000_000, current = now()
            if due > current { Thread.sleep(forTimeInterval: Double(due - current) / 1e9) }
        }
        var latencies: [Double] = []
        while latencies.count < count, let line = lines.next() {
            let fields = line.split(separator: " ")
            guard fields.count == 2, let sequence = Int64(fields[0]), let delivered = UInt64(fields[1]),
                let commit = committed[sequence]
            else { continue }
            latencies.append(delivered > commit ? Double(delivered - commit) / 1e6 : 0)
        }
        child.waitUntilExit()
        try check(latencies.count == count, "\(bench): \(latencies.count) of \(count) delivered")
        return latencies
    }

    /// The follower process: prints `ready`, then `SEQ REALTIME_NS` for each
    /// notice another process appends, and exits after `count` of them.
    public static func runFollower(path: String, count: Int) throws {
        let hub = try NoticeHub(journal: BenchJournal.open(path))
        let done = DispatchSemaphore(value: 0)
        let seen = Atomic<Int>(0)
        let token = hub.observe(name) { notice in
            emit("\(notice.sequence ?? -1) \(realtimeNanoseconds())")
            if seen.add(1, ordering: .relaxed).newValue == count { done.signal() }
        }
        let following = try hub.journal.follow()
        emit("ready")
        done.wait()
        following.cancel()
        withExtendedLifetime(token) {}
    }
}

/// Writes one line to standard output at once (a pipe is not line-buffered).
func emit(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    bytes.withUnsafeBytes { _ = write(1, $0.baseAddress, $0.count) }
}

/// Wall-clock nanoseconds, comparable across processes on one machine.
func realtimeNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// Reads lines from a pipe as they come.
final class LineReader {
    private let handle: FileHandle
    private var buffer: [UInt8] = []

    init(_ handle: FileHandle) {
        self.handle = handle
    }

    func next() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            buffer.append(contentsOf: chunk)
        }
    }
}
