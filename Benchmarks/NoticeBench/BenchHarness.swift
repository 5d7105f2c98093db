import Foundation

/// Times workloads the same way for NoticeHub and its anchors: one warm-up
/// run, then `repetitions` timed runs; each run returns how many operations
/// it did, and must check its own results (counts, checksums) so nothing can
/// be optimized away.
struct BenchHarness {
    let repetitions: Int

    /// A run that times itself: its nanoseconds and operations.
    typealias TimedRun = () throws -> (nanoseconds: UInt64, operations: Int)

    /// Nanoseconds per operation of each timed repetition, sorted.
    func measure(_ run: () throws -> Int) throws -> [Double] {
        try withoutActuallyEscaping(run) { try measureAlternating([$0])[0] }
    }

    /// Like ``measure(_:)`` for several workloads at once, their repetitions
    /// alternating (A B, A B, ...) so that a change in the machine's load
    /// during the measurement falls on all of them alike. One sorted sample
    /// list per workload, in the order given.
    func measureAlternating(_ runs: [() throws -> Int]) throws -> [[Double]] {
        try measureTimedAlternating(
            runs.map { run in
                {
                    let start = now()
                    let operations = try run()
                    return (now() - start, operations)
                }
            })
    }

    /// Like ``measure(_:)`` for runs that time themselves (setup excluded);
    /// `warmUp: false` for runs that start from a fresh file anyway.
    func measureTimed(warmUp: Bool = true, _ run: TimedRun) throws -> [Double] {
        try withoutActuallyEscaping(run) { try measureTimedAlternating(warmUp: warmUp, [$0])[0] }
    }

    /// ``measureTimed(warmUp:_:)`` for several workloads, their repetitions
    /// alternating as in ``measureAlternating(_:)``.
    func measureTimedAlternating(warmUp: Bool = true, _ runs: [TimedRun]) throws -> [[Double]] {
        if warmUp { for run in runs { _ = try run() } }
        var samples = Array(repeating: [Double](), count: runs.count)
        for _ in 0..<repetitions {
            for (index, run) in runs.enumerated() {
                let (elapsed, operations) = try run()
                samples[index].append(Double(elapsed) / Double(max(1, operations)))
            }
        }
        return samples.map { $0.sorted() }
    }

    /// Two asynchronous runs, NoticeHub's and its anchor's, each returning
    /// nanoseconds per operation: a warm-up pair, then `repetitions` pairs,
    /// alternating as in ``measureAlternating(_:)``. Sorted samples of each.
    func measurePair(
        _ ours: () async throws -> Double, _ anchor: () async throws -> Double
    ) async throws -> (ours: [Double], anchor: [Double]) {
        var samples: (ours: [Double], anchor: [Double]) = ([], [])
        for repetition in 0...repetitions {
            let mine = try await ours()
            let theirs = try await anchor()
            if repetition > 0 {
                samples.ours.append(mine)
                samples.anchor.append(theirs)
            }
        }
        return (samples.ours.sorted(), samples.anchor.sorted())
    }

    /// A result from sorted samples: the median and the minimum.
    static func result(_ bench: String, _ samples: [Double], anchor: String? = nil, _ anchorSamples: [Double]? = nil)
        -> BenchResult
    {
        BenchResult(
            bench: bench, nsPerOp: median(samples), nsPerOpMin: samples.first ?? .nan,
            anchor: anchor, anchorNsPerOp: anchorSamples.map(median))
    }

    static func median(_ sorted: [Double]) -> Double {
        guard !sorted.isEmpty else { return .nan }
        return sorted[sorted.count / 2]
    }

    /// The `percent`th percentile of sorted samples: `percentile(s, 99)`
    /// is the p99, as the latency workloads report it.
    static func percentile(_ sorted: [Double], _ percent: Int) -> Double {
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, sorted.count * percent / 100)]
    }
}

/// A workload's result did not check out: the benchmark stops.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Throws unless `condition` holds.
func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    guard condition else { throw BenchFailure(message()) }
}

/// Nanoseconds on the monotonic clock.
func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// A counter for handlers; benchmarks post from one thread at a time.
final class Counter: @unchecked Sendable {
    var value = 0
}
