import Foundation
import NoticeHub
import Testing

/// Every backend keeps each notice's payload version (``Notice/version``):
/// reads, replays and followers hand it on, export lines carry it, and an
/// import keeps it.
struct PayloadVersionChecks {
    /// A typed message whose payload is at version 2.
    struct Reshaped: NoticeMessage, Equatable {
        static let name: NoticeName = "shape.reshaped"
        static let version = 2
        var edition: Int
    }

    /// What a read gives back of a notice's version.
    struct Versioned: Equatable, CustomStringConvertible {
        var id: NoticeID
        var version: Int

        init(_ notice: Notice) {
            id = notice.id
            version = notice.version
        }

        var description: String { "\(id) v\(version)" }
    }

    /// The versions ``post(to:)`` posts, in order.
    static let versions = [3, 1, 2, Int(Int32.max)]

    /// Posts notices of version 3, of the default 1, of a typed message's
    /// version 2 and of the largest version, and returns them as posted.
    static func post(to hub: NoticeHub) throws -> [Notice] {
        [
            try hub.post("shape.changed", json: #"{"edition":3}"#, version: 3),
            try hub.post("shape.changed", json: #"{"edition":1}"#),
            try hub.post(Reshaped(edition: 2), sender: "edge"),
            try hub.post("shape.changed", sender: "edge", json: "{}", version: Int(Int32.max)),
        ]
    }

    func postedNoticesKeepTheirVersion(backend: ConformanceBackend, durability: Durability) throws {
        let place = try backend.makePlace()
        let follower = try place.hub()
        let followed = Collected<Notice>()
        let followerToken = follower.observe(nil) { followed.append($0) }
        let following = try follower.journal.follow()
        let hub = try place.hub(durability: durability)
        let posted = try Self.post(to: hub)
        #expect(posted.map(\.version) == Self.versions)
        try hub.close()
        let expected = posted.map(Versioned.init)

        #expect(try ConversationChecks.read(place).map(Versioned.init) == expected, "read back")

        let reopened = try place.hub()
        let replayed = Collected<Notice>()
        let replayToken = reopened.observe(nil) { replayed.append($0) }
        #expect(try reopened.journal.replay() == posted.count)
        #expect(replayed.elements.map(Versioned.init) == expected, "replayed")
        #expect(try replayed.elements.dropFirst(2).first?.message(Reshaped.self) == Reshaped(edition: 2))

        try waitUntil { followed.count == posted.count }
        #expect(followed.elements.map(Versioned.init) == expected, "followed")
        following.cancel()
        withExtendedLifetime((followerToken, replayToken)) {}
    }

    /// A batch in one statement (a durable group commit; an `INSERT …
    /// unnest` inside a transaction otherwise), repeating an id; a version
    /// travels with a kind and links too.
    func aBatchKeepsEachNoticesVersion(backend: ConformanceBackend, durability: Durability) throws {
        let place = try backend.makePlace()
        let versions: [Int32] = [3, 1, 2, .max, 1]
        var notices = versions.map { Notice(name: "shape.changed", sender: nil, payload: .json("{}"), version: $0) }
        notices.append(
            Notice(
                name: "shape.asked", sender: "edge", payload: .json("{}"), kind: .request,
                links: .caused(by: notices[0]), version: 7))
        let records = (notices + [notices[0]]).map { JournalRecord(notice: $0, payloadJSON: "{}") }
        let connection = try place.open().connect(durability: durability)
        try connection.beginAppending()
        let outcomes = connection.appendBatch(records) { _ in [] }
        try connection.commitAppending()
        #expect(
            try outcomes.map { try $0.get() } == [
                .appended(1), .appended(2), .appended(3), .appended(4), .appended(5), .appended(6), .duplicate(1),
            ])
        let stored = try ConversationChecks.read(place)
        #expect(stored.map(Versioned.init) == notices.map(Versioned.init))
        #expect(stored.map(ConversationChecks.Links.init) == notices.map(ConversationChecks.Links.init))
    }

    /// An export line carries a version other than 1 (`"version":3`) and
    /// leaves out version 1; an import into `target` keeps every version.
    func exportsKeepPayloadVersions(from source: ConformanceBackend, into target: ConformanceBackend) throws {
        let sourcePlace = try source.makePlace()
        let hub = try sourcePlace.hub()
        let posted = try Self.post(to: hub)
        var lines: [String] = []
        try hub.journal.read(JournalQuery()) {
            lines.append(try NoticeLine.encode($0)); return true
        }
        #expect(lines.map { $0.contains(#","version":"#) } == [true, false, true, true], "none for version 1")
        #expect(lines.first?.contains(#","version":3,"#) == true)
        #expect(lines.last?.contains(#","version":2147483647,"#) == true)

        let targetPlace = try target.makePlace()
        #expect(
            try targetPlace.hub().journal.importNotices(lines)
                == ImportSummary(notices: 4, imported: 4, alreadyPresent: 0))
        var query = JournalQuery()
        query.checksRows = true
        let imported = try ConversationChecks.read(targetPlace, query)
        #expect(imported.map(Versioned.init) == posted.map(Versioned.init))
        #expect(try imported.map { try NoticeLine.encode($0) } == lines)
    }

    /// A version no notice has (the column's CHECK bypassed behind
    /// NoticeHub's back) is refused by value, on every backend alike.
    func aVersionNoNoticeHasIsRefused(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        try place.hub().post("shape.changed", json: "{}", version: 3)
        try place.runSQL(
            backend.name == "SQLite"
                ? "PRAGMA ignore_check_constraints = ON; UPDATE notices SET extra = json_set(extra, '$.version', 0)"
                : "ALTER TABLE notices DROP CONSTRAINT notices_version_check; UPDATE notices SET version = 0 WHERE seq = 1"
        )
        for checksRows in [false, true] {
            var query = JournalQuery()
            query.checksRows = checksRows
            #expect(
                throws: JournalError.malformedRow(sequence: 1, problem: "version 0 is not one of 1...2147483647")
            ) {
                try ConversationChecks.read(place, query)
            }
        }
    }
}
