import Foundation
import NoticeHub

/// `replay.typed`: replays a journal into one subscriber that decodes each
/// typed payload. Anchors: a raw scan copying the columns into Strings, and
/// that scan plus Foundation's `JSONDecoder` per row. Also `replay.memory`:
/// the peak resident growth while replaying the whole journal and a tenth of
/// it — equal when replay runs in constant memory. And `replay.upcast`: the
/// same version-1 notices replayed into an observer of version 2 of the
/// message, through one upcast step each, against an observer of a
/// version-1 message of the same shape.
enum ReplayBench {
    static func run(_ options: BenchOptions, report: (BenchResult) -> Void) throws {
        guard options.selects("replay.typed") || options.selects("replay.upcast") || options.selects("replay.memory")
        else { return }
        let count = options.size(1_000_000, floor: 20_000)
        let path = options.path("replay.sqlite")
        defer { JournalAppendBench.removeJournal(path) }
        do {
            let writer = try NoticeHub(journal: SQLiteJournal(path: path), durability: .batched(maxDelay: .seconds(1)))
            for i in 0..<count { try writer.post("bench.append", sender: "bench", payload: Reading(i)) }
            try writer.close()
        }
        let hub = try NoticeHub(journal: SQLiteJournal(path: path))
        let harness = BenchHarness(repetitions: 3)

        if options.selects("replay.typed") {
            let sum = Counter()
            // 1 while the generated codec's rounds replay.
            let generated = Counter()
            let token = hub.observe("bench.append") { notice in
                #if GeneratedCodecs
                    if generated.value == 1 {
                        if let reading = try? notice.decode(GeneratedReading.self) { sum.value &+= reading.id }
                        return
                    }
                #endif
                if let reading = try? notice.decode(Reading.self) { sum.value &+= reading.id }
            }
            let expected = count * (count - 1) / 2
            let raw = try RawSQLite(path: path, synchronous: "NORMAL")
            let decoder = JSONDecoder()
            func replay(generatedCodec: Bool) throws -> Int {
                sum.value = 0
                generated.value = generatedCodec ? 1 : 0
                let replayed = try hub.journal.replay()
                try check(
                    replayed == count && sum.value == expected, "replay.typed: \(replayed) notices, sum \(sum.value)")
                return count
            }
            #if GeneratedCodecs
                let generatedRuns: [() throws -> Int] = [{ try replay(generatedCodec: true) }]
            #else
                let generatedRuns: [() throws -> Int] = []
            #endif
            let runs: [() throws -> Int] = [
                { try replay(generatedCodec: false) },
                {
                    let rows = try raw.scan { _ in }
                    try check(rows == count, "raw scan rows")
                    return rows
                },
                {
                    var total = 0
                    let rows = try raw.scan { total &+= try decoder.decode(Reading.self, from: Data($0.utf8)).id }
                    try check(rows == count && total == expected, "scan + JSONDecoder")
                    return rows
                },
            ]
            let samples = try harness.measureAlternating(runs + generatedRuns)
            let (ours, scan, scanAndDecode) = (samples[0], samples[1], samples[2])
            withExtendedLifetime(token) {}
            var result = BenchHarness.result("replay.typed", ours, anchor: "raw SQLite scan", scan)
            result.extra = [
                ("scan_jsondecoder_ns_per_op", BenchHarness.median(scanAndDecode)),
                ("speedup_vs_scan_jsondecoder", BenchHarness.median(scanAndDecode) / result.nsPerOp),
            ]
            if samples.count > 3 {
                let generatedCodec = BenchHarness.median(samples[3])
                result.extra += [
                    ("generated_ns_per_op", generatedCodec),
                    ("generated_speedup_vs_scan", BenchHarness.median(scan) / generatedCodec),
                ]
            }
            report(result)
        }

        if options.selects("replay.upcast") {
            let sum = Counter()
            let expected = count * (count - 1) / 2
            func replay(_ label: String) throws -> Int {
                sum.value = 0
                let replayed = try hub.journal.replay()
                try check(replayed == count && sum.value == expected, "\(label): \(replayed) notices, sum \(sum.value)")
                return count
            }
            // Each round replays into one observer: of version 2, or of version 1.
            let samples = try harness.measureAlternating([
                {
                    let token = hub.observe(UpcastReading.self) { reading, _ in sum.value &+= reading.number }
                    defer { token.cancel() }
                    return try replay("replay.upcast")
                },
                {
                    let token = hub.observe(CurrentReading.self) { reading, _ in sum.value &+= reading.id }
                    defer { token.cancel() }
                    return try replay("replay.upcast anchor")
                },
            ])
            report(
                BenchHarness.result("replay.upcast", samples[0], anchor: "replay at the current version", samples[1]))
        }

        if options.selects("replay.memory") {
            let token = hub.observe("bench.append") { notice in _ = try? notice.decode(Reading.self) }
            func growth(through last: Int64) throws -> Double {
                let before = Memory.resident
                Memory.resetPeak()
                try hub.journal.replay(through: last)
                return Double(max(0, Memory.peak - before)) / 1_048_576
            }
            let tenth = try growth(through: Int64(count / 10))
            let whole = try growth(through: Int64(count))
            withExtendedLifetime(token) {}
            var result = BenchResult(bench: "replay.memory", nsPerOp: .nan, nsPerOpMin: .nan)
            result.extra = [("peak_growth_mb_tenth", tenth), ("peak_growth_mb_whole", whole)]
            report(result)
        }
    }
}

/// The journal's `bench.append` payload as a version-1 message.
struct CurrentReading: NoticeMessage {
    static let name: NoticeName = "bench.append"
    var id: Int
    var user: String
    var title: String
    var score: Double
    var flag: Bool
    var tags: [String]
}

/// Version 2 of `bench.append`, with `id` renamed, made from version-1
/// payloads (``Reading``) by one step.
struct UpcastReading: NoticeMessage {
    static let name: NoticeName = "bench.append"
    static let version = 2
    static let upcasts = Upcasts<UpcastReading>.from(Reading.self) { old in
        UpcastReading(
            number: old.id, user: old.user, title: old.title, score: old.score, flag: old.flag, tags: old.tags)
    }
    var number: Int
    var user: String
    var title: String
    var score: Double
    var flag: Bool
    var tags: [String]
}
