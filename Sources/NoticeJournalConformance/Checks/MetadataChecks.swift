import Foundation
import NoticeHub
import Testing

/// Every backend keeps each notice's ``Notice/metadata``: reads, replays and
/// followers hand it on, export lines carry it, and an import keeps it.
struct MetadataChecks {
    /// What a read gives back of a notice's metadata.
    struct Carried: Equatable, CustomStringConvertible {
        var id: NoticeID
        var metadata: NoticeMetadata

        init(_ notice: Notice) {
            id = notice.id
            metadata = notice.metadata
        }

        var description: String { "\(id) \(metadata.json ?? "-")" }
    }

    /// Posts notices with metadata (one field, several, the longest value
    /// and non-ASCII text), one without, and a request carrying some.
    static func post(to hub: NoticeHub) throws -> [Notice] {
        [
            try hub.post("order.placed", sender: "shop", metadata: ["tenant": "acme"]),
            try hub.post("order.placed", json: #"{"id":2}"#),
            try hub.post(
                "order.placed", json: "{}",
                metadata: [
                    "traceparent": "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
                    "tracestate": "vendor=t61rcWkgMzE", "note": "à l'été ☀︎",
                ]),
            try hub.post(
                "order.placed", metadata: ["long": String(repeating: "x", count: NoticeMetadata.maximumValueLength)]),
        ]
    }

    func postedNoticesKeepTheirMetadata(backend: ConformanceBackend, durability: Durability) throws {
        let place = try backend.makePlace()
        let follower = try place.hub()
        let followed = Collected<Notice>()
        let followerToken = follower.observe(nil) { followed.append($0) }
        let following = try follower.journal.follow()
        let hub = try place.hub(durability: durability)
        let posted = try Self.post(to: hub)
        #expect(posted.map(\.metadata.count) == [1, 0, 3, 1])
        try hub.close()
        let expected = posted.map(Carried.init)
        #expect(try ConversationChecks.read(place).map(Carried.init) == expected, "read back")
        let reopened = try place.hub()
        let replayed = Collected<Notice>()
        let replayToken = reopened.observe(nil) { replayed.append($0) }
        #expect(try reopened.journal.replay() == posted.count)
        #expect(replayed.elements.map(Carried.init) == expected, "replayed")
        try waitUntil { followed.count == posted.count }
        #expect(followed.elements.map(Carried.init) == expected, "followed")
        following.cancel()
        withExtendedLifetime((followerToken, replayToken)) {}
    }

    /// A batch in one statement keeps each notice's metadata, beside kinds,
    /// links and versions.
    func aBatchKeepsEachNoticesMetadata(backend: ConformanceBackend, durability: Durability) throws {
        let place = try backend.makePlace()
        let metadata: [NoticeMetadata] = [["a": "1"], .empty, ["b": "2", "c": "3"]]
        var notices = metadata.map { Notice(name: "order.placed", sender: nil, payload: .json("{}"), metadata: $0) }
        notices.append(
            Notice(
                name: "order.asked", sender: "shop", payload: .json("{}"), kind: .request,
                links: .caused(by: notices[0]), version: 2, metadata: ["d": "4"]))
        let records = notices.map { JournalRecord(notice: $0, payloadJSON: "{}") }
        let connection = try place.open().connect(durability: durability)
        try connection.beginAppending()
        let outcomes = connection.appendBatch(records) { _ in [] }
        try connection.commitAppending()
        #expect(try outcomes.map { try $0.get() } == [.appended(1), .appended(2), .appended(3), .appended(4)])
        let stored = try ConversationChecks.read(place)
        #expect(stored.map(Carried.init) == notices.map(Carried.init))
        #expect(stored.map(ConversationChecks.Links.init) == notices.map(ConversationChecks.Links.init))
    }

    /// An export line carries metadata as an object of strings, keys in
    /// order, and leaves it out when there is none; an import into `target`
    /// keeps it.
    func exportsKeepMetadata(from source: ConformanceBackend, into target: ConformanceBackend) throws {
        let sourcePlace = try source.makePlace()
        let posted = try Self.post(to: try sourcePlace.hub())
        var lines: [String] = []
        try sourcePlace.hub().journal.read(JournalQuery()) {
            lines.append(try NoticeLine.encode($0)); return true
        }
        #expect(lines.map { $0.contains(#","metadata":"#) } == [true, false, true, true], "none without metadata")
        #expect(lines.first?.contains(#","metadata":{"tenant":"acme"},"#) == true)
        #expect(lines.dropFirst(2).first?.contains(#""metadata":{"note":"#) == true, "keys in order")
        let targetPlace = try target.makePlace()
        #expect(
            try targetPlace.hub().journal.importNotices(lines)
                == ImportSummary(notices: 4, imported: 4, alreadyPresent: 0))
        var query = JournalQuery()
        query.checksRows = true
        let imported = try ConversationChecks.read(targetPlace, query)
        #expect(imported.map(Carried.init) == posted.map(Carried.init))
        #expect(try imported.map { try NoticeLine.encode($0) } == lines)
    }

    /// Metadata that is not an object of strings (written behind NoticeHub's
    /// back) is refused by row, whether or not rows are checked.
    func metadataNoNoticeHasIsRefused(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        try place.hub().post("order.placed", metadata: ["tenant": "acme"])
        // SQLite keeps metadata in the row's JSON object of fields beside the payload.
        try place.runSQL(
            backend.name == "SQLite"
                ? "UPDATE notices SET extra = json_set(extra, '$.metadata.tenant', 7) WHERE seq = 1"
                : #"UPDATE notices SET metadata = '{"tenant":7}' WHERE seq = 1"#)
        for checksRows in [false, true] {
            var query = JournalQuery()
            query.checksRows = checksRows
            #expect(
                throws: JournalError.malformedRow(
                    sequence: 1, problem: #"invalid metadata field "tenant": the value is not a string"#)
            ) {
                try ConversationChecks.read(place, query)
            }
        }
    }
}
