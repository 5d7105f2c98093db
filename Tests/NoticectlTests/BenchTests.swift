import Foundation
import Testing
import TestSupport

/// `noticehub-bench` runs exactly the workloads named by id or by the
/// leading parts of ids, and with `--json` reports each on one line.
struct BenchTests {
    @Test func oneJSONLinePerSelectedWorkload() throws {
        let scratch = TemporaryDirectory()
        let outcome = try NoticectlRunner(in: scratch, program: "noticehub-bench").run(
            ["--quick", "--json", "--only", "post.name.k10", "collect"])
        #expect(outcome.status == 0, "\(outcome)")
        let reports = outcome.lines.map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        // post.name.k10 is not a prefix of post.name.k100; collect names collect.r10.
        #expect(reports.map { $0?["bench"] as? String } == ["post.name.k10", "collect.r10"])
        let post = try #require(reports.first ?? nil)
        let ours = try #require(post["ns_per_op"] as? Double)
        let anchor = try #require(post["anchor_ns_per_op"] as? Double)
        let speedup = try #require(post["speedup"] as? Double)
        #expect(ours > 0 && (post["ns_per_op_min"] as? Double ?? .infinity) <= ours)
        #expect(post["anchor"] as? String == "NotificationCenter")
        // The JSON rounds speedups to two decimals: allow that, plus 1%.
        #expect(abs(speedup - anchor / ours) <= 0.005 + 0.01 * speedup, "speedup \(speedup), ratio \(anchor / ours)")
        #expect(try scratch.listing().isEmpty, "no journal left behind")
    }

    /// The main-actor workload needs the main queue served while the
    /// command's main thread waits for the suite.
    @Test func theIsolatedDeliveryWorkloadsRunToTheirLastDelivery() throws {
        let outcome = try NoticectlRunner(in: TemporaryDirectory(), program: "noticehub-bench").run(
            ["--quick", "--json", "--only", "post.mainactor.k10", "post.queue.k10", "observe.async.delivery"])
        #expect(outcome.status == 0, "\(outcome)")
        let reports = outcome.lines.map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(
            reports.map { $0?["bench"] as? String } == [
                "post.mainactor.k10", "post.queue.k10", "observe.async.delivery",
            ])
        #expect(reports.allSatisfy { ($0?["ns_per_op"] as? Double ?? 0) > 0 && $0?["anchor_ns_per_op"] != nil })
    }

    @Test(arguments: ["post.name.k1", "rebuild.stat", "nosuch"])
    func anUnknownWorkloadIsAUsageError(id: String) throws {
        let scratch = TemporaryDirectory()
        let outcome = try NoticectlRunner(in: scratch, program: "noticehub-bench").run(["--only", id])
        #expect(outcome.status == 64)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.hasPrefix("Error: unknown workload \(id); known: post.name.k10, "), "\(outcome)")
    }

    /// The user's tool holds the user's commands: the benchmark is its own executable.
    @Test func noticectlsHelpListsNoBenchmark() throws {
        let help = try NoticectlRunner(in: TemporaryDirectory())("--help")
        for hidden in ["bench", "bench-follower", "probe"] {
            #expect(!help.stdout.contains("\n  \(hidden) "), "\(hidden) is listed")
        }
        #expect(try NoticectlRunner(in: TemporaryDirectory()).run(["bench", "--quick"]).status == 64)
    }
}
