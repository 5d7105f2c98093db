import Foundation
import NoticeHub
import Synchronization

/// `state.observe.latency.other`: a second process (this executable's
/// `state-poster` command) posts about 500 clicks a second to a durable
/// journal carrying ``BenchClicks``, while this process observes the clicks
/// on `home` with a posting-thread observer, which the hub's state-watch
/// thread reads again when it sees the other process's commits.
/// Milliseconds from each post's return in the poster (its commit, as
/// `follow.latency` takes it) to the observer holding that click's value
/// or a later one (a watch that sees two commits at once hands over the
/// newer value only), by the wall clock both processes read.
///
/// The anchor is `follow.latency`, run in the same workload, its rounds
/// alternating with the observer's. The goal is the follower's latency
/// plus one read: `read_us` is a bare `hub.journal.readState` of the same
/// query in this process, and `goal_ms` is `follow_median_ms` plus that read.
public enum StateObserveOtherBench {
    static func run(_ options: BenchOptions, report: (BenchResult) -> Void) throws {
        guard options.selects("state.observe.latency.other") else { return }
        report(try latency(options))
    }

    static func latency(_ options: BenchOptions) throws -> BenchResult {
        var observing: [Double] = []
        var following: [Double] = []
        var reads: [Double] = []
        for round in 1...(options.quick ? 1 : 3) {
            let followPath = options.path("state-follow-\(round).sqlite")
            following += try FollowBench.latencies(
                "follow.latency", journal: SQLiteJournal(path: followPath), location: followPath, options)
            JournalAppendBench.removeJournal(followPath)
            let path = options.path("state-other-\(round).sqlite")
            defer { JournalAppendBench.removeJournal(path) }
            let (latencies, read) = try observeOther(at: path, options)
            observing += latencies
            reads += read
        }
        observing.sort()
        following.sort()
        reads.sort()
        let median = BenchHarness.median
        let followMedian = median(following)
        let readMs = median(reads) / 1e6
        var result = BenchResult(
            bench: "state.observe.latency.other", nsPerOp: median(observing) * 1e6,
            nsPerOpMin: (observing.first ?? .nan) * 1e6, anchor: "follow.latency, same run",
            anchorNsPerOp: followMedian * 1e6)
        result.extra = [
            ("median_ms", median(observing)), ("p99_ms", BenchHarness.percentile(observing, 99)),
            ("follow_median_ms", followMedian), ("follow_p99_ms", BenchHarness.percentile(following, 99)),
            ("read_us", readMs * 1e3), ("goal_ms", followMedian + readMs),
        ]
        return result
    }

    /// One round: the latencies in milliseconds, in posting order, and the
    /// nanoseconds of bare reads of the same query made afterwards.
    private static func observeOther(at path: String, _ options: BenchOptions) throws -> ([Double], [Double]) {
        let count = options.size(500, floor: 100)
        let hub = try NoticeHub(journal: SQLiteJournal(path: path), projections: [BenchClicks()])
        let deliveries = Mutex<[(value: Int64, at: UInt64)]>([])
        let token = try hub.journal.observe(BenchClicks(), reading: BenchClicks.home) { value in
            let at = realtimeNanoseconds()
            deliveries.withLock { $0.append((value, at)) }
        }
        defer { token.cancel() }

        let child = Process()
        child.executableURL = URL(fileURLWithPath: options.executable)
        child.arguments = ["state-poster", path, String(count)]
        let pipe = Pipe()
        child.standardOutput = pipe
        try child.run()
        let lines = LineReader(pipe.fileHandleForReading)
        var committed: [UInt64] = []
        while committed.count < count, let line = lines.next() {
            let fields = line.split(separator: " ")
            guard fields.count == 2, Int64(fields[0]) == Int64(committed.count + 1), let at = UInt64(fields[1])
            else { continue }
            committed.append(at)
        }
        child.waitUntilExit()
        try check(committed.count == count, "state.observe.latency.other: \(committed.count) of \(count) posted")
        let deadline = now() + 5_000_000_000
        while deliveries.withLock({ $0.last?.value ?? 0 }) < Int64(count) && now() < deadline {
            Thread.sleep(forTimeInterval: 0.001)
        }
        let seen = deliveries.withLock { $0 }
        try check(
            seen.last?.value == Int64(count), "state.observe.latency.other: the observer saw \(seen.last?.value ?? -1)")

        // Each click's latency: to the first value handed over that counts it.
        var latencies: [Double] = []
        var next = 0
        for (index, commit) in committed.enumerated() {
            while seen[next].value < Int64(index + 1) { next += 1 }
            let delivered = seen[next].at
            latencies.append(delivered > commit ? Double(delivered - commit) / 1e6 : 0)
        }

        var reads: [Double] = []
        for _ in 0..<1_000 {
            let start = now()
            let value = try hub.journal.readState(BenchClicks.home)
            reads.append(Double(now() - start))
            try check(value == Int64(count), "state.observe.latency.other: read \(value)")
        }
        return (latencies, reads)
    }

    /// The poster process: posts `count` clicks on `home` to the journal at
    /// `path`, about 500 a second, each durably; prints `N REALTIME_NS`
    /// after the Nth post returns.
    public static func runPoster(path: String, count: Int) throws {
        let hub = try NoticeHub(journal: BenchJournal.open(path), projections: [BenchClicks()])
        let start = now()
        for index in 0..<count {
            try hub.post(BenchClicks.name, payload: "home")
            emit("\(index + 1) \(realtimeNanoseconds())")
            let due = start + UInt64(index + 1) * 2_000_000, current = now()
            if due > current { Thread.sleep(forTimeInterval: Double(due - current) / 1e9) }
        }
        try hub.close()
    }
}
