import Foundation
import NoticeHub
import Testing

/// What every backend's appends promise: order, gapless sequence numbers,
/// idempotence by id, group commit under concurrent posters, and the three
/// durability levels.
struct AppendChecks {
    struct Move: Codable, Sendable, Equatable {
        var plane: String
        var distance: Int
    }

    static let durabilities: [Durability] = [.always, .batched(maxDelay: .milliseconds(20)), .never]

    func noticesSurviveReopeningAndReplayInOrder(backend: ConformanceBackend, durability: Durability) throws {
        let place = try backend.makePlace()
        var posted: [Notice] = []
        do {
            let hub = try place.hub(durability: durability)
            let delivered = Collected<Int64>()
            let token = hub.observe(nil) { delivered.append($0.sequence ?? -1) }
            for index in 0..<50 {
                posted.append(
                    try hub.post("plane.moved", sender: "BA706", payload: Move(plane: "BA706", distance: index)))
            }
            posted.append(try hub.post("plane.landed"))
            #expect(delivered.elements == Array(1...51), "delivery sees the journal's sequence numbers")
            try hub.close()
            withExtendedLifetime(token) {}
        }
        let reopened = try place.hub()
        let replayed = Collected<Notice>()
        let token = reopened.observe(nil) { replayed.append($0) }
        #expect(try reopened.journal.replay() == 51)
        let notices = replayed.elements
        #expect(notices.map(\.id) == posted.map(\.id))
        #expect(notices.map(\.sequence) == posted.map(\.sequence))
        #expect(notices.map(\.name) == posted.map(\.name))
        #expect(notices.map(\.sender) == posted.map(\.sender))
        #expect(notices.map(\.postedAtMilliseconds) == posted.map(\.postedAtMilliseconds))
        #expect(notices.allSatisfy { $0.isReplay })
        #expect(try notices[7].decode(Move.self) == Move(plane: "BA706", distance: 7))
        #expect(try notices[50].payloadJSON() == "{}")
        withExtendedLifetime(token) {}
    }

    func readsSelectARangeNamesASenderAndALimit(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        for index in 0..<30 {
            try hub.post(index % 3 == 0 ? "a" : "b", sender: index % 2 == 0 ? "even" : nil, payload: index)
        }
        let seen = Collected<Int64>()
        let token = hub.observe(nil) { seen.append($0.sequence!) }
        #expect(try hub.journal.replay(from: 5, through: 20, names: ["a"]) == 5)
        #expect(seen.elements == [7, 10, 13, 16, 19])
        withExtendedLifetime(token) {}

        var read: [Int64] = []
        try hub.journal.read(JournalQuery(from: 2, names: ["a"], sender: "even", limit: 3)) {
            read.append($0.sequence!)
            return true
        }
        #expect(read == [7, 13, 19])
        var stoppedEarly: [Int64] = []
        try hub.journal.read(JournalQuery()) {
            stoppedEarly.append($0.sequence!)
            return stoppedEarly.count < 4
        }
        #expect(stoppedEarly == [1, 2, 3, 4])
        var none = 0
        try hub.journal.read(JournalQuery(limit: 0)) { _ in
            none += 1; return true
        }
        #expect(none == 0)
    }

    /// Pages of a long read meet without a gap or an overlap.
    func aLongReadSeesEveryNoticeOnce(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub(durability: .batched(maxDelay: .milliseconds(50)))
        for index in 0..<1_300 { try hub.post("n", payload: index) }
        try hub.journal.flush()
        var values: [Int] = []
        try hub.journal.read(JournalQuery()) {
            values.append(try $0.decode(Int.self)); return true
        }
        #expect(values == Array(0..<1_300))
    }

    func appendsAreIdempotentByNoticeID(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        let calls = Collected<Int>()
        let token = hub.observe("x") { _ in calls.append(1) }
        let notice = Notice(name: "x", sender: nil, payload: .json(#"{"a":1}"#))
        let first = try hub.post(notice)
        let again = try hub.post(notice)
        #expect(first.sequence == 1 && again.sequence == 1)
        // From another journal object (another process, another host) too.
        let other = try place.hub()
        #expect(try other.post(notice).sequence == 1)
        #expect(try hub.journal.lastSequence() == 1)
        #expect(calls.count == 1, "a duplicate is not delivered again")
        withExtendedLifetime(token) {}
    }

    func concurrentDurablePostersShareCommitsAndLoseNothing(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hubs = [try place.hub(), try place.hub()]
        let threads = 8, perThread = 100
        SystemThread.runAll(threads, name: "conformance poster") { thread in
            for index in 0..<perThread {
                _ = try! hubs[thread % 2].post("work", sender: Sender(stringLiteral: "t\(thread)"), payload: index)
            }
        }
        var perSender: [Sender: [Int]] = [:]
        var sequences: [Int64] = []
        try hubs[0].journal.read(JournalQuery()) { notice in
            sequences.append(notice.sequence!)
            perSender[notice.sender!, default: []].append(try notice.decode(Int.self))
            return true
        }
        #expect(sequences == Array(1...Int64(threads * perThread)), "gapless, in commit order, across journal objects")
        #expect(perSender.count == threads)
        for (_, values) in perSender { #expect(values == Array(0..<perThread)) }
        if backend.capabilities.contains(.durableCommitsTakeTime) {
            let shared = hubs[0].groupCommits
            #expect(shared.commits < shared.notices, "posters waiting on one commit share the next")
        }
        #expect(try hubs[0].journal.integrityProblems() == [])
    }

    func statisticsCountAndBound(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        let empty = try hub.journal.statistics()
        #expect(empty.notices == 0 && empty.firstSequence == nil && empty.lastSequence == nil)
        let first = try hub.post("b")
        try hub.post("a")
        let last = try hub.post("b")
        let received = Collected<Int64>()
        let subscriber = try hub.journal.subscribe(as: "indexer", names: ["a"]) { received.append($0.sequence!) }
        try waitUntil { received.count == 1 }
        // The cursor moves past notice 3, which the subscriber skips, after it delivers notice 2.
        try waitUntil { (try? hub.journal.statistics().subscribers.first?.cursor) == 3 }
        subscriber.cancel()
        let statistics = try hub.journal.statistics()
        #expect(statistics.notices == 3)
        #expect(statistics.byName == [.init(name: "a", count: 1), .init(name: "b", count: 2)])
        #expect(statistics.firstSequence == 1 && statistics.lastSequence == 3)
        #expect(statistics.firstPostedAt == first.postedAtMilliseconds)
        #expect(statistics.lastPostedAt == last.postedAtMilliseconds)
        #expect(statistics.subscribers == [.init(name: "indexer", cursor: 3, lag: 0)])
        #expect(statistics.schemaVersion >= 2)
    }

    func oversizedPayloadsAndPostsAfterCloseAreRefused(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        let big = String(repeating: "x", count: 1 << 20)
        #expect(throws: JournalError.payloadTooLarge(name: "big", bytes: (1 << 20) + 2, limit: 1 << 20)) {
            try hub.post("big", payload: big)
        }
        #expect(try hub.journal.lastSequence() == 0)
        try hub.close()
        #expect(throws: JournalError.closed) { try hub.post("late") }
    }

    func namesAndPayloadsFullOfQuotesAndSQLAreStoredAsData(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        let name = try NoticeName(validating: #"x'); DROP TABLE notices; --"#)
        let payload = #"{"text":"it's \"quoted\" $1 ? \u00e9 \ud83d\ude00","n":[1,2.5,-3e7,null,true]}"#
        let posted = try hub.post(name, sender: try Sender(validating: "O'Brien \"?\""), json: payload)
        var stored: [Notice] = []
        try place.hub().journal.read(JournalQuery()) {
            stored.append($0); return true
        }
        #expect(stored.map(\.name) == [name])
        #expect(stored.first?.sender?.rawValue == "O'Brien \"?\"")
        #expect(try stored.first?.payloadJSON() == posted.payloadJSON(), "the payload's text comes back byte for byte")
        #expect(
            try stored.first?.decode([String: JSONValueProbe].self)["text"]
                == .text("it's \"quoted\" $1 ? \u{e9} \u{1F600}"))
    }
}

/// Just enough of a JSON value to check one field of a stored payload.
enum JSONValueProbe: Decodable, Equatable {
    case text(String)
    case other

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = (try? container.decode(String.self)).map(JSONValueProbe.text) ?? .other
    }
}
