import Foundation
import NoticeHub

/// `journal.read.state`: one read of a hub's journal tools on a journal of
/// 10,000 notices, `hub.journal.lastSequence()` then a `readState` query,
/// through the connection the hub's reader keeps; the anchor is the same
/// two queries by hand on an open SQLite connection, each prepared as it
/// runs (the reader's statements are cached). `connecting_ns_per_op`
/// is the same read on a connection opened for it, as each read did before
/// the reader kept one.
enum JournalReadBench {
    static func run(_ options: BenchOptions, report: (BenchResult) -> Void) throws {
        guard options.selects("journal.read.state") else { return }
        let path = options.path("read.sqlite")
        defer { JournalAppendBench.removeJournal(path) }
        let notices = 10_000
        let journal = try SQLiteJournal(path: path)
        let hub = try NoticeHub(journal: journal, durability: .never)
        _ = try hub.journal.importNotices((0..<notices).map { #"{"name":"bench.read","payload":\#($0)}"# })
        let raw = try RawSQLite(path: path, synchronous: "NORMAL")
        let reads = options.size(20_000, floor: 2_000)
        let countSQL = "SELECT count(*) FROM notices WHERE seq > ?"
        let samples = try BenchHarness(repetitions: 5).measureAlternating([
            {
                var checksum: Int64 = 0
                for _ in 0..<reads {
                    let last = try hub.journal.lastSequence()
                    checksum &+= try hub.journal.readState { try $0.integer(countSQL, [.integer(last - 10)]) } ?? 0
                }
                try check(checksum == Int64(reads) * 10, "journal.read.state")
                return reads
            },
            {
                var checksum: Int64 = 0
                for _ in 0..<reads {
                    let last = try raw.lastSequence()
                    checksum &+= try raw.countAfter(last - 10)
                }
                try check(checksum == Int64(reads) * 10, "journal.read.state anchor")
                return reads
            },
            {
                var checksum: Int64 = 0
                for _ in 0..<(reads / 10) {
                    let connection = try journal.connect(durability: .always)
                    let last = try connection.lastSequence()
                    checksum &+=
                        try (journal.connect(durability: .always) as! any ProjectionJournalConnection).readState {
                            try $0.integer(countSQL, [.integer(last - 10)])
                        } ?? 0
                }
                try check(checksum == Int64(reads / 10) * 10, "journal.read.state connecting")
                return reads / 10
            },
        ])
        var result = BenchHarness.result(
            "journal.read.state", samples[0], anchor: "raw SQLite, the same two queries prepared each time", samples[1])
        result.extra.append(("connecting_ns_per_op", BenchHarness.median(samples[2])))
        report(result)
    }
}
