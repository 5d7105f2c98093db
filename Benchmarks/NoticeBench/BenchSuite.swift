import Foundation
import Synchronization

/// Every workload of `noticehub-bench`, NoticeHub and its anchor side by side
/// in one process.
public enum BenchSuite {
    /// The workload ids, in the order they run.
    public static let ids =
        [
            "post.name.k10", "post.name.k100", "post.name.k1000",
            "post.sender.k10", "post.sender.k100", "post.sender.k1000",
            "post.wildcard.k100",
            "post.mainactor.k10", "post.queue.k10", "observe.async.delivery",
            "stream.delivery", "stream.open.close",
            "subscribe.cancel.idle", "subscribe.cancel.live1000", "subscribe.cancel.busy", "subscribe.cancel.busy.same",
            "journal.append.batched",
            "journal.append.durable.t1", "journal.append.durable.t8", "journal.append.durable.t32",
            "journal.read.state", "journal.trim", "journal.trim.projection",
            "replay.typed", "replay.upcast", "replay.memory",
            "request.r1", "request.r1.async", "collect.r10",
            "follow.latency", "subscriber.group.m3",
            "state.observe.latency", "state.observe.latency.other",
            "state.unconcerned.post.name.k10", "state.unconcerned.journal.append.batched",
            "request.journal.roundtrip", "request.journal.none",
            "rebuild.state", "rebuild.replay", "projection.rebuild",
        ] + postgresIDs

    /// The workloads that need a PostgreSQL server (`--postgres URL`) and a
    /// build with the `Postgres` trait.
    public static let postgresIDs = [
        "pg.append.t1", "pg.append.t8", "pg.follow.latency", "pg.follow.latency.poll", "pg.claim.handover",
        "pg.request.roundtrip", "pg.request.none", "pg.projection.rebuild",
    ]

    /// Runs the selected workloads, reporting each result as it is known.
    public static func run(_ options: BenchOptions, report: @escaping (BenchResult) -> Void) async throws {
        try FileManager.default.createDirectory(at: options.directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: options.directory) }
        try PostBench.run(options, report: report)
        try WildcardPostBench.run(options, report: report)
        try await IsolatedDeliveryBench.run(options, report: report)
        try await StreamBench.run(options, report: report)
        try SubscribeBench.run(options, report: report)
        try JournalAppendBench.run(options, report: report)
        try JournalReadBench.run(options, report: report)
        try TrimBench.run(options, report: report)
        try ReplayBench.run(options, report: report)
        for result in try await ReplyBench.run(options) { report(result) }
        if options.selects("follow.latency") { report(try FollowBench.run(options)) }
        try GroupBench.run(options, report: report)
        try StateObserveBench.run(options, report: report)
        try StateObserveOtherBench.run(options, report: report)
        try UnconcernedStateBench.run(options, report: report)
        try await RequestAcrossProcessesBench.run(options, report: report)
        try RebuildBench.run(options, report: report)
        #if Postgres
            if let url = options.postgres {
                try PostgresBench.run(url, options, report: report)
                try await PostgresBench.requests(url, options, report: report)
            }
        #endif
    }

    /// ``run(_:report:)`` from synchronous code, such as a command's `run()`
    /// on the main thread: the calling thread waits, and no thread of the task
    /// pool is held up.
    public static func runToCompletion(_ options: BenchOptions, report: @escaping @Sendable (BenchResult) -> Void)
        throws
    {
        try Blocking.value { try await run(options, report: report) }
    }

    /// The results as a table, one row per workload.
    public static func table(_ results: [BenchResult]) -> String {
        // As wide as the longest id reported, and no narrower than before.
        let width = max(28, (results.map(\.bench.count).max() ?? 0) + 1)
        var lines = [
            pad("bench", width) + pad("ns/op", 12) + pad("min", 12) + pad("anchor ns/op", 14) + "speedup  anchor"
        ]
        for result in results {
            var line =
                pad(result.bench, width) + pad(BenchResult.number(result.nsPerOp), 12)
                + pad(BenchResult.number(result.nsPerOpMin), 12)
            line += pad(result.anchorNsPerOp.map { BenchResult.number($0) } ?? "-", 14)
            line += pad(result.speedup.map { BenchResult.number($0, digits: 2) + "x" } ?? "-", 9)
            line += result.anchor ?? ""
            if !result.extra.isEmpty {
                line +=
                    "  " + result.extra.map { "\($0.0)=\(BenchResult.number($0.1, digits: 2))" }.joined(separator: " ")
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
