import ArgumentParser
import Foundation
import NoticeBench
import Synchronization

/// `noticehub-bench`: every workload of NoticeHub beside its anchor, in one
/// process. A tool of its own, apart from `noticectl`, as pgbench is apart
/// from psql.
@main
struct NoticehubBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "noticehub-bench",
        abstract: "Measure NoticeHub beside NotificationCenter and raw SQLite, in one run.",
        discussion: """
            Each workload runs for NoticeHub and for its anchor in this process, one after \
            the other, with a warm-up and several repetitions, and checks its results. \
            ns_per_op is the median repetition; speedup is anchor / NoticeHub. Build in \
            release: swift run -c release noticehub-bench. Workload ids: \
            \(BenchSuite.ids.joined(separator: ", ")).

            Some workloads run noticectl's respond and subscribe as processes: the \
            noticectl beside this executable. The pg.* workloads run only with \
            --postgres URL, in a build with the Postgres trait; each makes a schema \
            of its own in that database and drops it afterwards.

            Example:
              noticehub-bench --quick
              noticehub-bench --json --only post.name.k100 replay.typed
              noticehub-bench --only pg --postgres postgres://bench:secret@localhost/bench
            """,
        subcommands: [FollowerCommand.self, StatePosterCommand.self, GroupMemberCommand.self, ProbeCommand.self]
    )

    @Flag(help: "Smaller workloads: a run under a minute.")
    var quick = false

    @Flag(help: "One JSON line per workload instead of a table.")
    var json = false

    @Option(parsing: .upToNextOption, help: "Only these workload ids (or prefixes such as post).")
    var only: [String] = []

    @Option(help: ArgumentHelp("The PostgreSQL server of the pg.* workloads.", valueName: "url"))
    var postgres: String?

    func validate() throws {
        for id in only where !BenchSuite.ids.contains(where: { BenchOptions.pattern(id, names: $0) }) {
            throw ValidationError("unknown workload \(id); known: \(BenchSuite.ids.joined(separator: ", "))")
        }
        let asksForPostgres = only.contains { id in
            BenchSuite.postgresIDs.contains { pgID in BenchOptions.pattern(id, names: pgID) }
        }
        if asksForPostgres && postgres == nil { throw ValidationError("the pg.* workloads need --postgres URL") }
        #if !Postgres
            if postgres != nil {
                throw ValidationError(
                    "this noticehub-bench was built without PostgreSQL support; build it with --traits Postgres")
            }
        #endif
    }

    func run() throws {
        let executable = Self.executablePath
        let options = BenchOptions(
            quick: quick, only: only,
            directory: FileManager.default.temporaryDirectory.appendingPathComponent("noticehub-bench-\(getpid())"),
            executable: executable,
            noticectl: URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("noticectl")
                .path,
            postgres: postgres)
        let results = Mutex<[BenchResult]>([])
        let printJSON = json
        try BenchSuite.runToCompletion(options) { result in
            results.withLock { $0.append(result) }
            if printJSON { print(result.jsonLine) }
        }
        if !json { print(BenchSuite.table(results.withLock { $0 })) }
    }

    /// This executable, to start the follower process of follow.latency.
    static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
