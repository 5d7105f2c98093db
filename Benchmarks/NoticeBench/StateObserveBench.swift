import Foundation
import NoticeHub
import Synchronization

/// `state.observe.latency`: a durable hub (`.always`) carries
/// ``BenchClicks``, and a posting-thread observer
/// (`hub.journal.observe(_:reading:onChange:)`) reads the clicks on `home`,
/// which each post changes. The figure is, per post, the time from the
/// post's commit (when the writer's commit returned, stamped by
/// ``CommitClock``) to the observer's handler holding the new value: what
/// the hub does between its commit and handing over the value (leaving the
/// group commit, finding the observation, the read, the comparison, the
/// call). The post itself returns after that, so this is measured inside it.
///
/// The anchor is what a caller without an observation would do instead: a
/// bare `hub.journal.readState` of the same query, right after a post of
/// the same kind returns on a second hub that observes nothing, so that it
/// too reads a journal its own commit has just changed.
/// `steady_read_ns_per_op` is that read made again at once, with nothing
/// committed in between. `added_ns_per_op` is what the observation adds to
/// a post that changes it: the median time from the commit to the post's
/// return on the observed hub, less the same on the other.
/// `ratio_vs_read` is the latency over the anchor (goal: at most 2);
/// `late_posts` counts posts that returned before the observer held their
/// value, and `off_thread` values delivered on another thread than the
/// poster's (both 0 by the library's promise).
///
/// The two hubs' posts alternate one by one, each on its own journal.
enum StateObserveBench {
    static func run(_ options: BenchOptions, report: (BenchResult) -> Void) throws {
        guard options.selects("state.observe.latency") else { return }
        report(try latency(options))
    }

    /// What one pair of posts measured, nanoseconds, by ``now()``.
    private struct Samples {
        var latency: [Double] = []
        var observedTail: [Double] = []
        var plainTail: [Double] = []
        var readAfterCommit: [Double] = []
        var steadyRead: [Double] = []
        var late = 0

        mutating func sort() {
            latency.sort()
            observedTail.sort()
            plainTail.sort()
            readAfterCommit.sort()
            steadyRead.sort()
        }
    }

    static func latency(_ options: BenchOptions) throws -> BenchResult {
        let warmUp = 100
        let posts = options.size(5_000, floor: 500)
        let observedPath = options.path("state-observed.sqlite")
        let plainPath = options.path("state-plain.sqlite")
        defer {
            JournalAppendBench.removeJournal(observedPath)
            JournalAppendBench.removeJournal(plainPath)
        }
        let observedClock = CommitClock()
        let plainClock = CommitClock()
        let observed = try NoticeHub(
            journal: SQLiteJournal(path: observedPath), durability: .always, projections: [BenchClicks()],
            metrics: observedClock)
        let plain = try NoticeHub(
            journal: SQLiteJournal(path: plainPath), durability: .always, projections: [BenchClicks()],
            metrics: plainClock)

        let last = LastDelivery()
        let poster = ObjectIdentifier(Thread.current)
        let token = try observed.journal.observe(BenchClicks(), reading: BenchClicks.home) { value in
            let at = now()
            last.record(value, at: at, onPoster: ObjectIdentifier(Thread.current) == poster)
        }
        defer { token.cancel() }

        var samples = Samples()
        for index in 0..<(warmUp + posts) {
            let clicks = Int64(index + 1)
            let measured = index >= warmUp

            try observed.post(BenchClicks.name, payload: "home")
            let returned = now()
            var seen = last.value
            if seen.value != clicks {
                if measured { samples.late += 1 }
                seen = try last.wait(for: clicks)
            }
            let committed = observedClock.lastCommitEnd

            try plain.post(BenchClicks.name, payload: "home")
            let plainReturned = now()
            let plainCommitted = plainClock.lastCommitEnd
            let read = try plain.journal.readState(BenchClicks.home)
            let readEnd = now()
            let again = try plain.journal.readState(BenchClicks.home)
            let againEnd = now()
            try check(read == clicks && again == clicks, "state.observe.latency: read \(read), expected \(clicks)")

            guard measured else { continue }
            samples.latency.append(elapsed(committed, seen.at))
            samples.observedTail.append(elapsed(committed, returned))
            samples.plainTail.append(elapsed(plainCommitted, plainReturned))
            samples.readAfterCommit.append(elapsed(plainReturned, readEnd))
            samples.steadyRead.append(elapsed(readEnd, againEnd))
        }
        samples.sort()
        let median = BenchHarness.median
        let anchor = median(samples.readAfterCommit)
        let added = median(samples.observedTail) - median(samples.plainTail)
        var result = BenchResult(
            bench: "state.observe.latency", nsPerOp: median(samples.latency),
            nsPerOpMin: samples.latency.first ?? .nan,
            anchor: "hub.journal.readState of the same query after a commit", anchorNsPerOp: anchor)
        result.extra = [
            ("p99_ns", BenchHarness.percentile(samples.latency, 99)),
            ("ratio_vs_read", result.nsPerOp / anchor),
            ("steady_read_ns_per_op", median(samples.steadyRead)),
            ("added_ns_per_op", added), ("added_vs_read", added / anchor),
            ("late_posts", Double(samples.late)), ("off_thread", Double(last.offThread)),
        ]
        return result
    }

    /// Nanoseconds from `start` to `end`, never below zero.
    private static func elapsed(_ start: UInt64, _ end: UInt64) -> Double {
        end > start ? Double(end - start) : 0
    }
}

/// The last value an observer's handler was given, when, and how many were
/// given on a thread other than the poster's.
final class LastDelivery: Sendable {
    private struct State {
        var value: Int64 = -1
        var at: UInt64 = 0
        var offThread = 0
    }

    private let state = Mutex(State())

    func record(_ value: Int64, at: UInt64, onPoster: Bool) {
        state.withLock { state in
            state.value = value
            state.at = at
            if !onPoster { state.offThread += 1 }
        }
    }

    var value: (value: Int64, at: UInt64) {
        state.withLock { ($0.value, $0.at) }
    }

    var offThread: Int { state.withLock { $0.offThread } }

    /// Waits up to five seconds for `expected` to be handed over.
    func wait(for expected: Int64) throws -> (value: Int64, at: UInt64) {
        let deadline = now() + 5_000_000_000
        while now() < deadline {
            let seen = value
            if seen.value >= expected { return seen }
            Thread.sleep(forTimeInterval: 0.000_05)
        }
        throw BenchFailure("the observer never held \(expected); it holds \(value.value)")
    }
}
