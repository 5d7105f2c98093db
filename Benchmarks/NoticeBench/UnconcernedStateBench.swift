import Foundation
import NoticeHub

/// What open state observations cost posts they do not concern: 100
/// posting-thread observations of ``BenchClicks``, whose notices the posts
/// do not carry, beside two workloads measured alternately with and
/// without them in the same run.
///
/// - `state.unconcerned.post.name.k10`: `post.name.k10` (an in-memory hub,
///   10 observers over 10 names) while a durable hub of the same process
///   holds the 100 observations (an in-memory hub has no journal, so none
///   can be opened on it: `observe` throws `JournalError.noJournal`); the
///   anchor is the same posts with none open. `idle_cpu_ms_per_s` and
///   `idle_cpu_ms_per_s_plain` are the process's CPU time per second of a
///   second's sleep with and without them: what the state-watch thread's
///   polling costs.
/// - `state.unconcerned.journal.append.batched`: `journal.append.batched`
///   on a hub that carries ``BenchClicks`` and holds the 100 observations
///   itself; the anchor is `journal.append.batched` as it runs alone (no
///   projection, no observation), and `carried_ns_per_op` the same posts to
///   a hub that carries the projection and observes nothing.
///
/// `ratio_vs_plain` is the observed time over the anchor's (goal: 1).
enum UnconcernedStateBench {
    /// How many observations are open in the observed runs.
    static let observations = 100

    static func run(_ options: BenchOptions, report: (BenchResult) -> Void) throws {
        if options.selects("state.unconcerned.post.name.k10") { report(try postName(options)) }
        if options.selects("state.unconcerned.journal.append.batched") { report(try batched(options)) }
    }

    static func postName(_ options: BenchOptions) throws -> BenchResult {
        let k = 10
        let posts = PostBench.posts(k, options)
        let expected = posts * (k / 10)
        let names = (0..<10).map { NoticeName(stringLiteral: "bench.name.\($0)") }
        let hub = NoticeHub()
        let counter = Counter()
        let tokens = (0..<k).map { i in hub.observe(names[i % 10]) { _ in counter.value += 1 } }
        defer { withExtendedLifetime(tokens) {} }

        let path = options.path("unconcerned-watched.sqlite")
        defer { JournalAppendBench.removeJournal(path) }
        let watched = try NoticeHub(journal: SQLiteJournal(path: path), projections: [BenchClicks()])
        let posting = { (observations: Int) -> BenchHarness.TimedRun in
            {
                let open = try OpenObservations(observations, on: watched)
                defer { open.cancel() }
                counter.value = 0
                let start = now()
                for j in 0..<posts { try hub.post(names[j % 10]) }
                let elapsed = now() - start
                try check(counter.value == expected, "post.name: \(counter.value) deliveries, expected \(expected)")
                return (elapsed, posts)
            }
        }
        let samples = try BenchHarness(repetitions: options.repetitions).measureTimedAlternating([
            posting(observations), posting(0),
        ])
        var result = BenchHarness.result(
            "state.unconcerned.post.name.k10", samples[0], anchor: "post.name.k10, no observation open",
            samples[1])
        let open = try OpenObservations(observations, on: watched)
        let observedCPU = idleCPU()
        open.cancel()
        result.extra = [
            ("ratio_vs_plain", result.nsPerOp / (result.anchorNsPerOp ?? .nan)),
            ("idle_cpu_ms_per_s", observedCPU), ("idle_cpu_ms_per_s_plain", idleCPU()),
        ]
        return result
    }

    static func batched(_ options: BenchOptions) throws -> BenchResult {
        let count = options.size(1_000_000, floor: 20_000)
        var run = 0
        let posting = { (projections: [any Projection], observations: Int) -> BenchHarness.TimedRun in
            {
                run += 1
                return try JournalAppendBench.batchedPosts(
                    count: count, path: options.path("unconcerned-batched-\(run).sqlite"), projections: projections,
                    observations: observations)
            }
        }
        let samples = try BenchHarness(repetitions: 3).measureTimedAlternating(
            warmUp: false, [posting([BenchClicks()], observations), posting([], 0), posting([BenchClicks()], 0)])
        var result = BenchHarness.result(
            "state.unconcerned.journal.append.batched", samples[0],
            anchor: "journal.append.batched, no projection, no observation", samples[1])
        let carried = BenchHarness.median(samples[2])
        result.extra = [
            ("ratio_vs_plain", result.nsPerOp / (result.anchorNsPerOp ?? .nan)),
            ("carried_ns_per_op", carried), ("ratio_vs_carried", result.nsPerOp / carried),
        ]
        return result
    }

    /// The process's CPU time, in milliseconds, over a second of sleep.
    private static func idleCPU() -> Double {
        let before = processCPUNanoseconds()
        Thread.sleep(forTimeInterval: 1)
        return Double(processCPUNanoseconds() - before) / 1e6
    }

    private static func processCPUNanoseconds() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
}
