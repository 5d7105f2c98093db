import Foundation
import NoticeHub
import Synchronization

/// `journal.trim`: a trim of half a journal of 200,000 notices, per notice
/// removed, in batches of ``HubJournal.trimBatchSize`` each committed and
/// synced, while a durable poster posts about 700 notices a second through
/// another hub on the same file. The anchor deletes the same rows of a copy by hand, in batches of
/// the same size, each a synced transaction. The extra figures are the
/// poster's p99 latency before the trim and during it, their ratio, and its
/// longest post during the trim.
///
/// `journal.trim.projection`: the same, with a projection of the trimmed
/// notices installed, whose state as of the trimmed notice the trim keeps.
enum TrimBench {
    static func run(_ options: BenchOptions, report: (BenchResult) -> Void) throws {
        for (bench, projections) in [("journal.trim", []), ("journal.trim.projection", [Buckets()])]
        where options.selects(bench) {
            try run(bench, projections: projections, options, report: report)
        }
    }

    /// Counts the trimmed notices in a thousand buckets, by sequence number.
    struct Buckets: Projection {
        let schema = ProjectionSchema(
            identity: "bench.buckets", tables: ["buckets"],
            migrations: [
                ProjectionMigration(
                    1, "buckets", sql: "CREATE TABLE buckets (bucket INTEGER PRIMARY KEY, count INTEGER NOT NULL)")
            ])
        let names: Set<NoticeName> = ["bench.trim"]

        func apply(_ notice: Notice, to store: any ProjectionStore) throws {
            try store.upsert(
                into: "buckets", values: ["bucket": .integer((notice.sequence ?? 0) % 1_000), "count": 1],
                conflictKey: ["bucket"], adding: ["count"])
        }
    }

    private static func run(
        _ bench: String, projections: [any Projection], _ options: BenchOptions, report: (BenchResult) -> Void
    ) throws {
        let notices = options.size(200_000, floor: 20_000)
        let through = Int64(notices / 2)
        let path = options.path("trim.sqlite")
        let copy = options.path("trim-raw.sqlite")
        defer {
            JournalAppendBench.removeJournal(path)
            JournalAppendBench.removeJournal(copy)
        }
        do {
            let hub = try NoticeHub(journal: SQLiteJournal(path: path), durability: .never, projections: projections)
            let lines = (0..<notices).map { #"{"name":"bench.trim","payload":\#(Reading.handWritten($0))}"# }
            _ = try hub.journal.importNotices(lines)
            try hub.close()
        }
        try FileManager.default.copyItem(atPath: path, toPath: copy)

        let trimming = try NoticeHub(
            journal: SQLiteJournal(path: path), durability: .always, projections: projections)
        let poster = LatencyPoster(hub: try NoticeHub(journal: SQLiteJournal(path: path), durability: .always))
        poster.start()
        Thread.sleep(forTimeInterval: 1)
        let quiet = poster.latencies()
        let start = now()
        let summary = try trimming.journal.trim(through: through)
        let elapsed = now() - start
        let during = poster.latencies()
        poster.stop()
        try check(summary.removed == notices / 2, "\(bench): removed \(summary.removed)")
        try check(poster.failures == 0, "\(bench): \(poster.failures) posts failed")

        let raw = try RawSQLite(path: copy, synchronous: "FULL")
        let rawStart = now()
        var upper = Int64(0)
        while upper < through {
            upper = min(through, upper + Int64(HubJournal.trimBatchSize))
            try raw.exec("BEGIN IMMEDIATE; DELETE FROM notices WHERE seq <= \(upper); COMMIT")
        }
        let rawElapsed = now() - rawStart

        let perNotice = Double(elapsed) / Double(summary.removed)
        var result = BenchResult(
            bench: bench, nsPerOp: perNotice, nsPerOpMin: perNotice,
            anchor: "raw SQLite DELETE in synced batches", anchorNsPerOp: Double(rawElapsed) / Double(through))
        let quietP99 = percentile99(quiet)
        let trimP99 = percentile99(during)
        result.extra = [
            ("quiet_p99_us", quietP99 / 1_000), ("trim_p99_us", trimP99 / 1_000), ("p99_ratio", trimP99 / quietP99),
            ("trim_max_us", Double(during.max() ?? 0) / 1_000), ("posts_during_trim", Double(during.count)),
        ]
        report(result)
    }

    static func percentile99(_ samples: [UInt64]) -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return .nan }
        return Double(sorted[min(sorted.count - 1, sorted.count * 99 / 100)])
    }
}

/// Posts a durable notice every millisecond or so on a thread of its own,
/// timing each; ``latencies()`` hands over the times since it was last
/// called.
private final class LatencyPoster: Sendable {
    private let hub: NoticeHub
    private let recorded = Mutex<[UInt64]>([])
    private let running = Atomic<Bool>(true)
    private let failed = Atomic<Int>(0)
    private let done = DispatchSemaphore(value: 0)

    init(hub: NoticeHub) {
        self.hub = hub
    }

    var failures: Int { failed.load(ordering: .relaxed) }

    func start() {
        Thread { [self] in
            var index = 0
            while running.load(ordering: .relaxed) {
                let start = now()
                do { try hub.post("bench.live", payload: Reading(index)) } catch {
                    failed.add(1, ordering: .relaxed)
                }
                let elapsed = now() - start
                recorded.withLock { $0.append(elapsed) }
                index += 1
                Thread.sleep(forTimeInterval: 0.001)
            }
            done.signal()
        }.start()
    }

    func latencies() -> [UInt64] {
        recorded.withLock { taken in
            defer { taken.removeAll() }
            return taken
        }
    }

    func stop() {
        running.store(false, ordering: .relaxed)
        done.wait()
    }
}
