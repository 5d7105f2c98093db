import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
import Testing
import TestSupport

struct ImportTests {
    @Test func linesRoundTripThroughExportAndImport() throws {
        let directory = TemporaryDirectory()
        let source = try NoticeHub(journal: SQLiteJournal(path: directory.path("a.sqlite")))
        try source.post(
            "news.liked", sender: "feed", json: #"{"newsID":1,"user":"al\"ice","nested":{"z":1,"a":[true,null]}}"#)
        try source.post("plain")
        var lines: [String] = []
        try source.journal.read(JournalQuery()) {
            lines.append(try NoticeLine.encode($0)); return true
        }
        #expect(lines[0].hasPrefix(#"{"seq":1,"id":""#))
        #expect(lines[0].contains(#""payload":{"newsID":1,"user":"al\"ice","nested":{"z":1,"a":[true,null]}}"#))
        #expect(lines[1].contains(#""name":"#) && !lines[1].contains("sender"))

        let target = try NoticeHub(journal: SQLiteJournal(path: directory.path("b.sqlite")))
        #expect(try target.journal.importNotices(lines) == ImportSummary(notices: 2, imported: 2, alreadyPresent: 0))
        #expect(try target.journal.importNotices(lines) == ImportSummary(notices: 2, imported: 0, alreadyPresent: 2))
        var again: [String] = []
        try target.journal.read(JournalQuery()) {
            again.append(try NoticeLine.encode($0)); return true
        }
        #expect(again == lines)
    }

    @Test(arguments: [
        ("garbage", "line 2: not valid JSON"),
        (#"[1,2]"#, "line 2: not a JSON object"),
        (#"{"name":""}"#, "line 2: invalid notice name \"\": it is empty"),
        (
            #"{"name":"news.*"}"#,
            "line 2: notice name \"news.*\" is a pattern ('*' stands for one segment); a notice needs a literal name"
        ),
        (#"{"name":"a.>.b"}"#, "line 2: invalid notice name \"a.>.b\": '>' may only be the last segment of a pattern"),
        (#"{"name":"x","colour":"red"}"#, "line 2: unknown field \"colour\""),
        (
            #"{"name":"x","postedAt":"yesterday"}"#,
            "line 2: postedAt \"yesterday\" is not an ISO-8601 time of the years 0001-9999"
        ),
        (
            #"{"id":"00000000-0000-8000-8000-000000000001","name":"again"}"#,
            "line 2: notice 00000000-0000-8000-8000-000000000001 appears earlier in this input"
        ),
    ])
    func aBadLineStopsTheImportNamingItAndNothingIsImported(line: String, message: String) throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")))
        let first = #"{"id":"00000000-0000-8000-8000-000000000001","name":"ok"}"#
        #expect {
            try hub.journal.importNotices([first, line, #"{"name":"after"}"#])
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
        #expect(try hub.journal.lastSequence() == 0)
    }

    /// Any `Codable` payload can be posted, so any JSON value is a payload:
    /// what the library journals, it exports and imports back unchanged.
    /// With a transaction size, a stopped import keeps what it committed,
    /// and running it again completes it, each notice once; without, nothing.
    @Test func anImportInTransactionsKeepsWhatItCommittedAndCompletesWhenRunAgain() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("journal.sqlite")))
        let good = (1...6).map { #"{"id":"\#(NoticeID.next())","name":"step.done","payload":{"n":\#($0)}}"# }
        var bad = good
        bad.insert("{", at: 4)
        #expect(throws: ImportError.self) { try hub.journal.importNotices(bad) }
        #expect(try hub.journal.lastSequence() == 0, "one transaction: nothing")
        #expect(throws: ImportError.self) { try hub.journal.importNotices(bad, transactionSize: 2) }
        #expect(try hub.journal.lastSequence() == 4, "two transactions of two were committed")
        #expect(
            try hub.journal.importNotices(good, transactionSize: 2)
                == ImportSummary(notices: 6, imported: 2, alreadyPresent: 4)
        )
        var stored: [Int] = []
        try hub.journal.read(JournalQuery()) {
            stored.append(try $0.decode([String: Int].self)["n"] ?? 0); return true
        }
        #expect(stored == [1, 2, 3, 4, 5, 6])
        // A notice repeated across transactions is still found repeated.
        #expect(
            throws: ImportError(
                line: 3, reason: "notice \(try NoticeLine.decode(good[0]).id) appears earlier in this input")
        ) {
            try NoticeHub(journal: SQLiteJournal(path: directory.path("other.sqlite")))
                .journal.importNotices([good[0], good[1], good[0]], transactionSize: 1)
        }
    }

    @Test func payloadsThatAreNotObjectsRoundTrip() throws {
        let directory = TemporaryDirectory()
        let source = try NoticeHub(journal: SQLiteJournal(path: directory.path("a.sqlite")))
        try source.post("number", payload: 5)
        try source.post("text", payload: "a \"quoted\" é")
        try source.post("list", payload: [1, 2, 3])
        try source.post("nothing", payload: Int?.none)
        try source.post("flag", json: " true ")
        var lines: [String] = []
        try source.journal.read(JournalQuery()) {
            lines.append(try NoticeLine.encode($0)); return true
        }
        #expect(
            lines.map { $0.firstMatch(of: #/"payload":(.*),"postedAt"/#).map { String($0.1) } } == [
                "5", #""a \"quoted\" é""#, "[1,2,3]", "null", "true",
            ])

        let target = try NoticeHub(journal: SQLiteJournal(path: directory.path("b.sqlite")))
        #expect(try target.journal.importNotices(lines) == ImportSummary(notices: 5, imported: 5, alreadyPresent: 0))
        var again: [String] = []
        var numbers: [Int] = []
        try target.journal.read(JournalQuery()) { notice in
            again.append(try NoticeLine.encode(notice))
            if notice.name == "number" { numbers.append(try notice.decode(Int.self)) }
            return true
        }
        #expect(again == lines)
        #expect(numbers == [5])
    }

    /// Numbers neither Int64 nor Double holds keep their digits through
    /// `post(_:json:)`, export and import: a UInt64 payload decodes again.
    @Test func numbersBeyondInt64SurviveExportAndImport() throws {
        struct Counter: Codable, Equatable { var total: UInt64 }
        let directory = TemporaryDirectory()
        let source = try NoticeHub(journal: SQLiteJournal(path: directory.path("a.sqlite")))
        try source.post("counter", payload: Counter(total: .max))
        try source.post("odd", json: #"{"big":-12345678901234567890123,"tiny":1e-400,"zero":0e-5}"#)
        var lines: [String] = []
        try source.journal.read(JournalQuery()) {
            lines.append(try NoticeLine.encode($0)); return true
        }
        #expect(lines[0].contains(#""payload":{"total":18446744073709551615}"#))
        #expect(lines[1].contains(#""payload":{"big":-12345678901234567890123,"tiny":1e-400,"zero":0.0}"#))

        let target = try NoticeHub(journal: SQLiteJournal(path: directory.path("b.sqlite")))
        #expect(try target.journal.importNotices(lines).imported == 2)
        var again: [String] = []
        var counters: [Counter] = []
        try target.journal.read(JournalQuery()) { notice in
            again.append(try NoticeLine.encode(notice))
            if notice.name == "counter" { counters.append(try notice.decode(Counter.self)) }
            return true
        }
        #expect(again == lines)
        #expect(counters == [Counter(total: .max)])
    }

    @Test(arguments: ["", "{", "nope", "[1,]", #""\u{D800}""#])
    func invalidJSONTextIsStillRefusedAsAPayload(json: String) throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")))
        #expect {
            try hub.post("x", json: json)
        } throws: { error in
            "\(error)".hasPrefix("invalid payload: it is not valid JSON (")
        }
        #expect(try hub.journal.lastSequence() == 0)
    }

    @Test func oversizedPayloadsAreRefusedOnImportToo() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")))
        let big = #"{"name":"big","payload":{"x":""# + String(repeating: "y", count: 1 << 20) + #""}}"#
        #expect {
            try hub.journal.importNotices([big])
        } throws: { error in
            "\(error)" == "line 1: payload of big is \((1 << 20) + 8) bytes, more than the \(1 << 20) allowed"
        }
    }

    @Test func statisticsCountAndBound() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")))
        try hub.post("a")
        try hub.post("b")
        try hub.post("a")
        let stats = try hub.journal.statistics()
        #expect(stats.notices == 3)
        #expect(stats.byName == [.init(name: "a", count: 2), .init(name: "b", count: 1)])
        #expect(stats.firstSequence == 1 && stats.lastSequence == 3)
        #expect(stats.schemaVersion == Migration.latestVersion)
        #expect((stats.fileSize ?? 0) > 0)
    }
}

struct ImportBesideDurablePostsTests {
    /// An import takes the writer between group commits; posters queued meanwhile
    /// wait, then lead their own commits again. Nothing is lost and nobody hangs.
    @Test func anImportRunsBetweenGroupCommitsOfDurablePosters() async throws {
        let directory = TemporaryDirectory()
        let source = try NoticeHub(journal: SQLiteJournal(path: directory.path("source.sqlite")))
        for index in 0..<200 { try source.post("imported", payload: ["i": index]) }
        var lines: [String] = []
        try source.journal.read(JournalQuery()) {
            lines.append(try NoticeLine.encode($0)); return true
        }
        let exported = lines

        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("target.sqlite")), durability: .always)
        let posters = 6, perPoster = 100
        try await withThrowingTaskGroup(of: Void.self) { group in
            for poster in 0..<posters {
                group.addTask {
                    try await Task.detached {
                        for index in 0..<perPoster { try hub.post("posted", payload: ["p": poster, "i": index]) }
                    }.value
                }
            }
            group.addTask {
                try await Task.detached {
                    // One line at a time: many chances to arrive while posters queue.
                    for line in exported {
                        let summary = try hub.journal.importNotices([line])
                        #expect(summary.imported == 1)
                    }
                }.value
            }
            try await group.waitForAll()
        }
        var names: [NoticeName: Int] = [:]
        try hub.journal.read(JournalQuery()) {
            names[$0.name, default: 0] += 1; return true
        }
        #expect(names["posted"] == posters * perPoster)
        #expect(names["imported"] == 200)
    }
}
