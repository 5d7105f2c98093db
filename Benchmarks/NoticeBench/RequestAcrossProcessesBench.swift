import Foundation
public import NoticeHub

/// `request.journal.roundtrip` and `request.journal.none`: requests across
/// processes on one journal. A responder process (`noticectl respond`)
/// answers; this process asks, one request at a time, and measures from the
/// call to its return with the reply (median and p99, in milliseconds).
/// Then, with the responder stopped, how soon a request learns that nobody
/// answers: in process, and for a whole `noticectl request` run.
public enum RequestAcrossProcessesBench {
    public static let name: NoticeName = "bench.ask"

    static func run(_ options: BenchOptions, report: (BenchResult) -> Void) async throws {
        guard options.selects("request.journal.roundtrip") || options.selects("request.journal.none") else { return }
        let path = options.path("requests.sqlite")
        defer { JournalAppendBench.removeJournal(path) }
        for result in try await run("request.journal", journal: SQLiteJournal(path: path), location: path, options) {
            report(result)
        }
    }

    /// The round trip and no-responder results for `journal`, whose
    /// responder process opens `location`.
    static func run(
        _ prefix: String, journal: any NoticeJournal, location: String, _ options: BenchOptions
    ) async throws -> [BenchResult] {
        let hub = try NoticeHub(journal: journal)
        let responder = Process()
        responder.executableURL = URL(fileURLWithPath: options.noticectl)
        responder.arguments = [
            "respond", name.rawValue, "--db", location, "--sender", "bench", "--reply", #"{"ok":true}"#,
        ]
        let pipe = Pipe()
        responder.standardOutput = pipe
        try responder.run()
        try check(
            LineReader(pipe.fileHandleForReading).next()?.hasPrefix("answering") == true, "\(prefix): no responder")
        let trips = try await roundTrips(hub, count: options.size(400, floor: 50))
        responder.terminate()
        responder.waitUntilExit()
        var roundTrip = BenchResult(
            bench: "\(prefix).roundtrip", nsPerOp: trips.median * 1e6, nsPerOpMin: trips.min * 1e6)
        roundTrip.extra = [("median_ms", trips.median), ("p99_ms", trips.p99)]

        let nobody = try await noResponders(hub, count: options.size(200, floor: 20))
        let processes = try cliNoResponders(location, options, count: options.quick ? 5 : 15)
        var none = BenchResult(bench: "\(prefix).none", nsPerOp: nobody.median * 1e6, nsPerOpMin: nobody.min * 1e6)
        none.extra = [("median_ms", nobody.median), ("cli_median_ms", processes.median), ("cli_max_ms", processes.max)]
        return [roundTrip, none]
    }

    /// `count` requests answered by the one responder, in milliseconds each;
    /// its reply may hold any JSON.
    public static func roundTrips(_ hub: NoticeHub, name: NoticeName = name, count: Int) async throws -> Latencies {
        var samples: [Double] = []
        for _ in 0..<count {
            let start = now()
            let answer = try await hub.collectAcrossProcesses(
                name, payload: ["city": "Lyon"], from: "bench-requester", as: AnyReply.self,
                timeout: .seconds(30))
            try check(
                answer.stopReason == .allAnswered && answer.replies.count == 1,
                "round trip: \(answer.stopReason), \(answer.replies.count) of \(answer.asked) replies")
            samples.append(Double(now() - start) / 1e6)
        }
        return Latencies(samples)
    }

    /// `count` requests that nobody answers, in milliseconds each.
    public static func noResponders(_ hub: NoticeHub, name: NoticeName = name, count: Int) async throws -> Latencies {
        var samples: [Double] = []
        for _ in 0..<count {
            let start = now()
            let answer = try await hub.collectAcrossProcesses(
                name, payload: ["city": "Lyon"], from: "bench-requester", as: [String: Bool].self,
                timeout: .seconds(30))
            try check(answer.stopReason == .noResponders, "no responders: \(answer.stopReason)")
            samples.append(Double(now() - start) / 1e6)
        }
        return Latencies(samples)
    }

    /// Whole `noticectl request` runs that find nobody: start to exit.
    private static func cliNoResponders(_ location: String, _ options: BenchOptions, count: Int) throws -> Latencies {
        var samples: [Double] = []
        for _ in 0..<count {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: options.noticectl)
            process.arguments = ["request", name.rawValue, "--db", location]
            process.standardOutput = FileHandle.nullDevice
            let start = now()
            try process.run()
            process.waitUntilExit()
            samples.append(Double(now() - start) / 1e6)
            try check(process.terminationStatus == 1, "noticectl request: exit \(process.terminationStatus)")
        }
        return Latencies(samples)
    }
}

/// A reply of any JSON value, left unread.
struct AnyReply: Decodable, Sendable {
    init(from decoder: any Decoder) throws {}
}

/// Latencies in milliseconds, sorted.
public struct Latencies: Sendable {
    public let sorted: [Double]

    init(_ samples: [Double]) {
        sorted = samples.sorted()
    }

    public var min: Double { sorted.first ?? .nan }
    public var max: Double { sorted.last ?? .nan }
    public var median: Double { sorted.isEmpty ? .nan : sorted[sorted.count / 2] }
    public var p99: Double { sorted.isEmpty ? .nan : sorted[Swift.min(sorted.count - 1, sorted.count * 99 / 100)] }
}
