import Foundation
import NoticeHub
import Synchronization
import Testing
import TestSupport

/// A message's payload version is journaled with each notice, and a notice
/// of an earlier version decodes as today's message through the type's
/// upcasts: live, replayed, followed and durably subscribed.
struct MessageVersionTests {
    /// What an older build posted: version 1 of `memo.saved`.
    struct SavedV1: NoticeMessage {
        static let name: NoticeName = "memo.saved"
        var text: String
    }

    /// Version 2's shape, read from version-2 payloads and made from version 1.
    struct SavedV2: Codable, Sendable {
        var body: String
        var tags: [String]
    }

    /// Today's message: version 3.
    struct Saved: NoticeMessage, Equatable {
        static let name: NoticeName = "memo.saved"
        static let version = 3
        static let upcasts = Upcasts<Saved>
            .from(SavedV1.self)
            .then { v1 in SavedV2(body: v1.text, tags: []) }
            .then { v2 in Saved(body: v2.body, tags: v2.tags, pinned: false) }
        var body: String
        var tags: [String]
        var pinned: Bool
    }

    /// One notice of each version, oldest first.
    static func postEachVersion(to hub: NoticeHub) throws -> [Notice] {
        [
            try hub.post(SavedV1(text: "one"), sender: "old"),
            try hub.post("memo.saved", sender: "middle", json: #"{"body":"two","tags":["x"]}"#, version: 2),
            try hub.post(Saved(body: "three", tags: ["y"], pinned: true), sender: "new"),
        ]
    }

    static let expected = [
        Saved(body: "one", tags: [], pinned: false),
        Saved(body: "two", tags: ["x"], pinned: false),
        Saved(body: "three", tags: ["y"], pinned: true),
    ]

    @Test func eachNoticeKeepsItsVersionInTheJournalAndItsExportLine() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("journal.sqlite")))
        let posted = try Self.postEachVersion(to: hub)
        #expect(posted.map(\.version) == [1, 2, 3])
        var stored: [Notice] = []
        try hub.journal.read(JournalQuery()) { notice in
            stored.append(notice)
            return true
        }
        #expect(stored.map(\.version) == [1, 2, 3])
        let lines = try stored.map(NoticeLine.encode)
        #expect(!lines[0].contains("version"))
        #expect(lines[1].contains(#","version":2,"#) && lines[2].contains(#","version":3,"#))
        #expect(try lines.map { try NoticeLine.decode($0).version } == [1, 2, 3])
    }

    @Test func everyEarlierVersionDecodesThroughTheChainLiveAndReplayed() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("journal.sqlite")))
        let live = Seen<Saved>()
        let token = hub.observe(Saved.self) { saved, _ in live.append(saved) }
        _ = try Self.postEachVersion(to: hub)
        #expect(live.all == Self.expected)

        let rebuilt = NoticeHub()
        let replayed = Seen<Saved>()
        let rebuiltToken = rebuilt.observe(Saved.self) { saved, _ in replayed.append(saved) }
        #expect(try hub.journal.replay(into: rebuilt) == 3)
        #expect(replayed.all == Self.expected)
        #expect(try hub.journal.undecodableNotices(as: [Saved.self]).count == 0)
        token.cancel()
        rebuiltToken.cancel()
    }

    @Test func followersAndDurableSubscribersDecodeEarlierVersions() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("journal.sqlite")
        let writer = try NoticeHub(journal: SQLiteJournal(path: path))
        let reader = try NoticeHub(journal: SQLiteJournal(path: path))
        let followed = Seen<Saved>()
        let token = reader.observe(Saved.self) { saved, _ in followed.append(saved) }
        let following = try reader.journal.follow(pollInterval: .milliseconds(5))
        let subscribed = Seen<Saved>()
        let subscription = try reader.journal.subscribe(as: "memos", pollInterval: .milliseconds(5)) { notice in
            if let saved = try? notice.message(Saved.self) { subscribed.append(saved) }
        }
        _ = try Self.postEachVersion(to: writer)
        #expect(eventually { followed.all == Self.expected && subscribed.all == Self.expected })
        following.cancel()
        subscription.cancel()
        token.cancel()
    }

    /// Counts the steps its chain runs.
    struct Counted: NoticeMessage {
        static let name: NoticeName = "memo.counted"
        static let version = 2
        static let steps = Atomic<Int>(0)
        static let upcasts = Upcasts<Counted>.from(SavedV1.self) { v1 in
            steps.add(1, ordering: .relaxed)
            return Counted(body: v1.text)
        }
        var body: String
    }

    @Test func aNoticeOfTheCurrentVersionNeverRunsTheChain() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("journal.sqlite")))
        let bodies = Seen<String>()
        let token = hub.observe(Counted.self) { counted, _ in bodies.append(counted.body) }
        try hub.post(Counted(body: "a"))
        try hub.post("memo.counted", json: #"{"body":"b"}"#, version: 2)
        try hub.journal.replay()
        #expect(bodies.all == ["a", "b", "a", "b"])
        #expect(Counted.steps.load(ordering: .relaxed) == 0)
        try hub.post("memo.counted", json: #"{"text":"c"}"#)
        #expect(bodies.all.last == "c" && Counted.steps.load(ordering: .relaxed) == 1)
        token.cancel()
    }

    /// Version 2 of `memo.broken`, whose chain has a step that throws.
    struct Refusing: NoticeMessage {
        struct Unreadable: Error, CustomStringConvertible {
            var description: String { "the text is empty" }
        }
        static let name: NoticeName = "memo.broken"
        static let version = 2
        static let upcasts = Upcasts<Refusing>.from(SavedV1.self) { v1 in
            if v1.text.isEmpty { throw Unreadable() }
            return Refusing(body: v1.text)
        }
        var body: String
    }

    /// Version 3, but its chain ends at 2.
    struct ShortChain: NoticeMessage {
        static let name: NoticeName = "memo.broken"
        static let version = 3
        static let upcasts = Upcasts<ShortChain>.from(SavedV1.self, version: 1) { v1 in ShortChain(body: v1.text) }
        var body: String
    }

    /// Version 2 with no upcasts: version-1 payloads are not read.
    struct NoChain: NoticeMessage {
        static let name: NoticeName = "memo.broken"
        static let version = 2
        var body: String
    }

    /// Each way a notice fails to reach the current version is reported with
    /// its version and why.
    @Test(arguments: [
        (#"{"text":""}"#, 1, "Refusing", "upcasting version 1 to 2 failed: the text is empty"),
        (#"{"words":"a"}"#, 1, "Refusing", #"as version 1, a SavedV1: missing key "text""#),
        (#"{"body":"a"}"#, 4, "Refusing", "it is version 4, and Refusing reads versions up to 2"),
        (#"{"text":"a"}"#, 1, "NoChain", "it is version 1, and NoChain's upcasts start at version 2"),
    ])
    func aNoticeTheChainCannotBringUpIsReported(json: String, version: Int, type: String, detail: String) throws {
        let hub = NoticeHub()
        let reported = Seen<String>()
        hub.onUndecodable { reported.append("\($0)") }
        let token =
            type == "NoChain"
            ? hub.observe(NoChain.self) { _, _ in Issue.record("delivered") }
            : hub.observe(Refusing.self) { _, _ in Issue.record("delivered") }
        try hub.post("memo.broken", sender: "feed", json: json, version: version)
        #expect(
            reported.all == ["a live notice (memo.broken version \(version) from feed) is not a \(type): \(detail)"])
        token.cancel()
    }

    @Test func aChainThatEndsShortOfTheVersionSaysSo() throws {
        let notice = try NoticeHub().post("memo.broken", json: #"{"text":"a"}"#)
        #expect(
            throws: NoticeHubError.payloadMismatch(
                name: "memo.broken", expected: "ShortChain",
                detail: "ShortChain is version 3, but its upcasts end at version 2")
        ) {
            try notice.message(ShortChain.self)
        }
    }

    struct Unversioned: NoticeMessage {
        static let name: NoticeName = "memo.unversioned"
        static let version = 0
    }

    @Test func aVersionOutsideItsRangeIsRefusedAndNothingIsJournaled() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("journal.sqlite")))
        #expect(throws: NoticeHubError.invalidVersion(name: "memo.saved", version: 0)) {
            try hub.post("memo.saved", json: "{}", version: 0)
        }
        #expect(throws: NoticeHubError.invalidVersion(name: "memo.saved", version: 1 << 31)) {
            try hub.post("memo.saved", json: "{}", version: 1 << 31)
        }
        #expect(throws: NoticeHubError.invalidVersion(name: "memo.unversioned", version: 0)) {
            try hub.post(Unversioned())
        }
        #expect(
            "\(NoticeHubError.invalidVersion(name: "memo.saved", version: 0))"
                == "version 0 of memo.saved is not one of 1...2147483647")
        #expect(try hub.journal.lastSequence() == 0)
    }

    @Test(arguments: [
        (#""version":0"#, "version 0 is not one of 1...2147483647"),
        (#""version":"2""#, "field version has the wrong type"),
        (#""version":2.5"#, "field version has the wrong type"),
    ])
    func anExportLineWithABadVersionIsRefused(field: String, message: String) {
        #expect(throws: NoticeLineError(message)) {
            try NoticeLine.decode(#"{"name":"memo.saved",\#(field)}"#)
        }
    }

    /// A live notice posted by name with today's message as its payload is
    /// that message, whatever version the name's post recorded.
    @Test func aLiveMessagePostedByNameCarriesItsTypesVersion() throws {
        let hub = NoticeHub()
        let seen = Seen<Saved>()
        let token = hub.observe(Saved.self) { saved, _ in seen.append(saved) }
        let notice = try hub.post("memo.saved", payload: Saved(body: "b", tags: [], pinned: true))
        #expect(notice.version == 3 && seen.all == [Saved(body: "b", tags: [], pinned: true)])
        token.cancel()
    }
}
