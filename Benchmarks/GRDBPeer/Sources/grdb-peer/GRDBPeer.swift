import Dispatch
import Foundation
import NoticeHub

/// `grdb-peer [--writes N]`: GRDB's `ValueObservation` and NoticeHub's state
/// observation of the same table and query, in one process. Each side makes
/// durable writes (WAL, synchronous FULL) that change the observed value,
/// their writes alternating one by one after 100 unmeasured ones each; the
/// figure is the time from each write's commit to the observer holding the
/// new value, with the time from the write's call beside it.
@main
struct GRDBPeer {
    static func main() throws {
        let writes = try writesAsked()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("grdb-peer-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let grdb = try GRDBObserved(path: directory.appendingPathComponent("grdb.sqlite").path)
        let sides: [any ObservedWriter] = [
            grdb,
            try NoticeHubObserved(
                path: directory.appendingPathComponent("posting.sqlite").path, scheduling: .postingThread,
                label: "NoticeHub observe, .postingThread"),
            try NoticeHubObserved(
                path: directory.appendingPathComponent("queue.sqlite").path,
                scheduling: .queue(DispatchQueue(label: "grdb-peer.noticehub")),
                label: "NoticeHub observe, .queue(serial queue)"),
        ]
        let warmUp = 100
        var samples = Array(repeating: [Sample](), count: sides.count)
        for index in 0..<(warmUp + writes) {
            for (side, writer) in sides.enumerated() {
                let sample = try writer.write(expecting: Int64(index + 1))
                if index >= warmUp { samples[side].append(sample) }
            }
        }

        print(
            "grdb-peer: \(writes) durable writes per side (WAL, synchronous=FULL), alternating; SQLite \(try grdb.sqliteVersion)"
        )
        print("from each commit to the observer holding the new value, and from the write's call (sync included), µs")
        print(pad("", 44) + pad("median", 10) + pad("p99", 10) + "from write, median")
        let medians = samples.map { median($0.map(\.fromCommit)) }
        for (side, writer) in sides.enumerated() {
            let fromCommit = samples[side].map(\.fromCommit).sorted()
            print(
                pad(writer.label, 44) + pad(micro(median(fromCommit)), 10)
                    + pad(micro(fromCommit[min(fromCommit.count - 1, fromCommit.count * 99 / 100)]), 10)
                    + micro(median(samples[side].map(\.fromWrite))))
        }
        for side in 1..<sides.count {
            print("GRDB over \(sides[side].label): \(String(format: "%.2f", medians[0] / medians[side]))×")
        }
    }

    /// `--writes N`, 2,000 when not given.
    private static func writesAsked() throws -> Int {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard !arguments.isEmpty else { return 2_000 }
        guard arguments.count == 2, arguments[0] == "--writes", let writes = Int(arguments[1]), writes > 0 else {
            throw PeerFailure("usage: grdb-peer [--writes N]")
        }
        return writes
    }

    private static func median(_ values: [Double]) -> Double {
        values.sorted()[values.count / 2]
    }

    private static func micro(_ nanoseconds: Double) -> String {
        String(format: "%.1f", nanoseconds / 1_000)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
