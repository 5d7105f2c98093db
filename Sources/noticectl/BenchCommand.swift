import ArgumentParser
import Foundation
import NoticeBench

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure NoticeHub beside NotificationCenter and raw SQLite, in one run.",
        discussion: """
            Each workload runs for NoticeHub and for its anchor in this process, one after \
            the other, with a warm-up and several repetitions, and checks its results. \
            ns_per_op is the median repetition; speedup is anchor / NoticeHub. Build in \
            release: swift run -c release noticectl bench. Workload ids: \
            \(BenchSuite.ids.joined(separator: ", ")).

            The pg.* workloads run only with --postgres URL, in a noticectl built \
            with the Postgres trait; each makes a schema of its own in that database \
            and drops it afterwards.

            Example:
              noticectl bench --quick
              noticectl bench --json --only post.name.k100 replay.typed
              noticectl bench --only pg --postgres postgres://bench:secret@localhost/bench
            """
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
        let asksForPostgres = only.contains { id in BenchSuite.postgresIDs.contains { BenchOptions.pattern(id, names: $0) } }
        if asksForPostgres && postgres == nil { throw ValidationError("the pg.* workloads need --postgres URL") }
    }

    func run() throws {
        if postgres != nil {
            #if !Postgres
            throw JournalOptions.builtWithoutPostgres
            #endif
        }
        let options = BenchOptions(
            quick: quick, only: only,
            directory: FileManager.default.temporaryDirectory.appendingPathComponent("noticectl-bench-\(getpid())"),
            executable: Self.executablePath, postgres: postgres)
        let results = BenchResults()
        let printJSON = json
        do {
            try AsyncWork.wait {
                try await BenchSuite.run(options) { result in
                    results.append(result)
                    if printJSON { print(result.jsonLine) }
                }
            }
        } catch {
            results.fail(error)
        }
        if let failure = results.failure { throw CommandFailure("\(failure)") }
        if !json { print(BenchSuite.table(results.all)) }
    }

    /// This executable, to start the follower process of follow.latency.
    static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}

/// Results gathered by the benchmark task while the command waits.
private final class BenchResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [BenchResult] = []
    private(set) var failure: (any Error)?

    func append(_ result: BenchResult) {
        lock.withLock { results.append(result) }
    }

    func fail(_ error: any Error) {
        lock.withLock { failure = error }
    }

    var all: [BenchResult] { lock.withLock { results } }
}
