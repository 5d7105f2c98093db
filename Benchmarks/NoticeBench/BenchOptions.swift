public import Foundation

/// How `noticehub-bench` runs.
public struct BenchOptions: Sendable {
    /// Smaller workloads, for a run under a minute.
    public var quick: Bool
    /// Only these workload ids (or their leading parts, like `post` or
    /// `post.name`), or all.
    public var only: [String]
    /// Where journals are written; removed afterwards.
    public var directory: URL
    /// This executable (`noticehub-bench`), to start the follower process
    /// of `follow.latency` (its `follower` command).
    public var executable: String
    /// `noticectl`, whose `respond` and `subscribe` some workloads run as
    /// processes of their own.
    public var noticectl: String
    /// The PostgreSQL server of the `pg.*` workloads; without one they do
    /// not run.
    public var postgres: String?

    public init(
        quick: Bool, only: [String], directory: URL, executable: String, noticectl: String, postgres: String? = nil
    ) {
        self.quick = quick
        self.only = only
        self.directory = directory
        self.executable = executable
        self.noticectl = noticectl
        self.postgres = postgres
    }

    func selects(_ bench: String) -> Bool {
        only.isEmpty || only.contains { Self.pattern($0, names: bench) }
    }

    /// Whether `pattern` is the workload id `bench` or its leading
    /// dot-separated parts: `post.name` names `post.name.k10`, while
    /// `post.name.k1` names nothing.
    public static func pattern(_ pattern: String, names bench: String) -> Bool {
        bench == pattern || bench.hasPrefix(pattern + ".")
    }

    /// `full` in a full run, a tenth of it (at least `floor`) with `--quick`.
    func size(_ full: Int, floor: Int = 1) -> Int {
        quick ? max(floor, full / 10) : full
    }

    var repetitions: Int { quick ? 3 : 5 }

    func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }
}
