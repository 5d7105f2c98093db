import Foundation
import NoticeHub

/// `journal.append.batched` and `journal.append.durable.t1`/`t8`/`t32`.
enum JournalAppendBench {
    static func run(_ options: BenchOptions, report: (BenchResult) -> Void) throws {
        if options.selects("journal.append.batched") { report(try batched(options)) }
        let threadCounts = [1, 8, 32].filter { options.selects("journal.append.durable.t\($0)") }
        if !threadCounts.isEmpty {
            for result in try durable(threadCounts: threadCounts, options) { report(result) }
        }
    }

    /// Journaled posts of a Codable payload, batched durability, encoding
    /// included. Anchors, their repetitions alternating with NoticeHub's:
    /// the same rows through one prepared INSERT in one transaction (WAL,
    /// synchronous=NORMAL) on NoticeHub's own schema from Swift; and written
    /// in C on a table of its own with the same guarantees (a unique 16-byte
    /// id, a name index: `c_anchor_ns_per_op`), and on one with no index
    /// (`c_bare_ns_per_op`). With the `GeneratedCodecs` trait the same posts of the
    /// payload with a generated codec alternate with them too (`generated_ns_per_op`).
    static func batched(_ options: BenchOptions) throws -> BenchResult {
        let count = options.size(1_000_000, floor: 20_000)
        var run = 0
        let ours: BenchHarness.TimedRun = {
            run += 1
            return try batchedPosts(count: count, path: options.path("batched-\(run).sqlite"))
        }
        let raw: BenchHarness.TimedRun = {
            run += 1
            let path = options.path("raw-\(run).sqlite")
            defer { removeJournal(path) }
            let raw = try RawSQLite(path: path, synchronous: "NORMAL")
            let start = now()
            try raw.insert(count: count, payload: Reading.handWritten, inTransaction: true)
            let elapsed = now() - start
            try check(try raw.count() == count, "raw batched: rows")
            return (elapsed, count)
        }
        let inC = { (bare: Bool) -> BenchHarness.TimedRun in
            {
                run += 1
                let path = options.path("c-\(run).sqlite")
                defer { removeJournal(path) }
                let anchor = try CAnchor(path: path, bare: bare, fullSync: false)
                let start = now()
                try anchor.insert(count: count, inTransaction: true)
                let elapsed = now() - start
                try check(anchor.count() == count, "C anchor batched: rows")
                return (elapsed, count)
            }
        }
        #if GeneratedCodecs
            let generatedRuns: [BenchHarness.TimedRun] = [
                {
                    run += 1
                    return try batchedPosts(
                        count: count, path: options.path("batched-\(run).sqlite"), payload: GeneratedReading.init)
                }
            ]
        #else
            let generatedRuns: [BenchHarness.TimedRun] = []
        #endif
        let samples = try BenchHarness(repetitions: 3).measureTimedAlternating(
            warmUp: false, [ours, raw, inC(false), inC(true)] + generatedRuns)
        var result = BenchHarness.result(
            "journal.append.batched", samples[0], anchor: "raw SQLite, one transaction", samples[1])
        let cAnchor = BenchHarness.median(samples[2])
        result.extra = [
            ("c_anchor_ns_per_op", cAnchor), ("speedup_vs_c_anchor", cAnchor / result.nsPerOp),
            ("c_bare_ns_per_op", BenchHarness.median(samples[3])),
        ]
        if samples.count > 4 {
            let generated = BenchHarness.median(samples[4])
            result.extra += [
                ("generated_ns_per_op", generated), ("generated_speedup_vs_c_anchor", cAnchor / generated),
            ]
        }
        return result
    }

    /// One timed run of `journal.append.batched`'s NoticeHub side: `count`
    /// readings posted to a fresh journal at `path`, then `close()`, which
    /// commits the last of them. The hub carries `projections`; with
    /// `observations` above 0 that many state observations of
    /// ``BenchClicks`` are open, untimed, before the first post, and
    /// cancelled after the last (`state.unconcerned.journal.append.batched`).
    static func batchedPosts(
        count: Int, path: String, projections: [any Projection] = [], observations: Int = 0
    ) throws -> (nanoseconds: UInt64, operations: Int) {
        try batchedPosts(
            count: count, path: path, projections: projections, observations: observations, payload: Reading.init)
    }

    /// ``batchedPosts(count:path:projections:observations:)`` posting `payload(i)`.
    static func batchedPosts<Payload: Encodable & Sendable>(
        count: Int, path: String, projections: [any Projection] = [], observations: Int = 0,
        payload: (Int) -> Payload
    ) throws -> (nanoseconds: UInt64, operations: Int) {
        defer { removeJournal(path) }
        let hub = try NoticeHub(
            journal: SQLiteJournal(path: path), durability: .batched(maxDelay: .milliseconds(200)),
            projections: projections)
        let open = try OpenObservations(observations, on: hub)
        defer { open.cancel() }
        let start = now()
        for i in 0..<count { try hub.post("bench.append", sender: "bench", payload: payload(i)) }
        try hub.close()
        let elapsed = now() - start
        try check(try hub.journal.statistics().notices == count, "journal.append.batched: rows")
        return (elapsed, count)
    }

    /// Durable posts from 1, 8 and 32 threads (group commit), against the
    /// best raw durable rate: autocommit INSERTs, WAL, synchronous=FULL, from
    /// one thread (more threads only add lock waits). The repetitions of the
    /// three alternate: the disk's latency drifts during a run, and the
    /// ratio is what counts. Each run first appends as many rows untimed, so
    /// that the `-wal` file has filled, checkpointed and started over, as in
    /// a journal that has run for a while: a fresh file's first megabytes
    /// cost more to sync, because each sync must also record its growth.
    /// (NoticeHub grows its log ahead on its first append; the anchor's log
    /// grows frame by frame, so the untimed rows matter for the anchor.)
    static func durable(threadCounts: [Int], _ options: BenchOptions) throws -> [BenchResult] {
        let count = options.size(2_000, floor: 200)
        var run = 0
        let anchor: BenchHarness.TimedRun = {
            run += 1
            let path = options.path("raw-durable-\(run).sqlite")
            defer { removeJournal(path) }
            let raw = try RawSQLite(path: path, synchronous: "FULL")
            try raw.insert(count: count, payload: Reading.handWritten, inTransaction: false)
            let start = now()
            try raw.insert(count: count, payload: Reading.handWritten, inTransaction: false)
            let elapsed = now() - start
            try check(try raw.count() == 2 * count, "raw durable: rows")
            return (elapsed, count)
        }
        var batches = Array(repeating: [Double](), count: threadCounts.count)
        let ours = threadCounts.indices.map { index -> BenchHarness.TimedRun in
            {
                run += 1
                let (elapsed, notices, perCommit) = try durable(
                    threads: threadCounts[index], total: count, run: run, options)
                batches[index].append(perCommit)
                return (elapsed, notices)
            }
        }
        let samples = try BenchHarness(repetitions: 5).measureTimedAlternating([anchor] + ours)
        return threadCounts.indices.map { index in
            var result = BenchHarness.result(
                "journal.append.durable.t\(threadCounts[index])", samples[index + 1],
                anchor: "raw SQLite autocommit, FULL", samples[0])
            result.extra = [("notices_per_commit", BenchHarness.median(batches[index].sorted()))]
            return result
        }
    }

    /// One run of `total` durable posts shared by `threads` threads: its
    /// time, its notices and how many notices a commit carried.
    static func durable(
        threads: Int, total: Int, run: Int, _ options: BenchOptions
    ) throws -> (nanoseconds: UInt64, notices: Int, perCommit: Double) {
        let perThread = total / threads
        let path = options.path("durable-\(threads)-\(run).sqlite")
        defer { removeJournal(path) }
        let hub = try NoticeHub(journal: SQLiteJournal(path: path), durability: .always)
        let failures = Counter()
        _ = post(to: hub, threads: threads, perThread: perThread, failures: failures)
        let before = hub.groupCommits
        let elapsed = post(to: hub, threads: threads, perThread: perThread, failures: failures)
        let after = hub.groupCommits
        try check(
            failures.value == 0 && (try hub.journal.statistics().notices) == 2 * perThread * threads, "durable: rows")
        let perCommit = Double(after.notices - before.notices) / Double(max(1, after.commits - before.commits))
        return (elapsed, perThread * threads, perCommit)
    }

    /// Posts `perThread` readings from each of `threads` threads at once;
    /// returns the time it took, counting failed posts in `failures`.
    static func post(to hub: NoticeHub, threads: Int, perThread: Int, failures: Counter) -> UInt64 {
        let group = DispatchGroup()
        let start = now()
        for _ in 0..<threads {
            group.enter()
            Thread {
                for i in 0..<perThread {
                    do { try hub.post("bench.append", sender: "bench", payload: Reading(i)) } catch {
                        failures.value += 1
                    }
                }
                group.leave()
            }.start()
        }
        group.wait()
        return now() - start
    }

    static func removeJournal(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
