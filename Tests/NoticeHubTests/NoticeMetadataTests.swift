import Foundation
import NoticeHub
import Testing
import TestSupport

@Suite("Notice metadata: its rules, and where it travels")
struct NoticeMetadataTests {
    @Test func observersSeeWhatThePosterGave() throws {
        let hub = NoticeHub()
        let heard = Recorder<NoticeMetadata>()
        let token = hub.observe("order.placed") { heard.append($0.metadata) }
        try hub.post("order.placed", sender: "shop", metadata: ["tenant": "acme", "request-id": "r-1"])
        try hub.post("order.placed")
        #expect(heard.elements == [["tenant": "acme", "request-id": "r-1"], .empty])
        #expect(heard.elements.first.map { Array($0).map(\.key) } == ["request-id", "tenant"], "keys in order")
        token.cancel()
    }

    @Test(
        arguments: [
            (["": "x"], #"invalid metadata field "": the key is empty"#),
            (
                ["tenant id": "x"],
                #"invalid metadata field "tenant id": a key holds only ASCII letters, digits, '.', '-' and '_'"#
            ),
            (
                [String(repeating: "k", count: 65): "x"],
                "invalid metadata field \"\(String(repeating: "k", count: 65))\": the key is 65 bytes long (at most 64 allowed)"
            ),
            (["note": "line\nbreak"], #"invalid metadata field "note": the value contains a control character"#),
            (
                ["note": String(repeating: "é", count: 513)],
                #"invalid metadata field "note": the value is 1026 bytes long (at most 1024 allowed)"#
            ),
            (
                Dictionary(uniqueKeysWithValues: (0...32).map { ("k\($0)", "v") }),
                "invalid metadata: it has 33 fields (at most 32 allowed)"
            ),
        ])
    func metadataThatBreaksTheRulesIsRefusedAndNothingIsPosted(fields: [String: String], message: String) throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("journal.sqlite")))
        var refusal: (any Error)?
        do {
            try hub.post("order.placed", metadata: NoticeMetadata(fields))
        } catch {
            refusal = error
        }
        #expect(refusal.map { "\($0)" } == message)
        #expect(try hub.journal.lastSequence() == 0)
    }

    @Test func anExportLineWithBadMetadataIsRefusedByName() {
        #expect(throws: NoticeLineError(#"invalid metadata field "tenant": the value is not a string"#)) {
            try NoticeLine.decode(#"{"name":"order.placed","metadata":{"tenant":7}}"#)
        }
        #expect(throws: NoticeLineError("field metadata has the wrong type")) {
            try NoticeLine.decode(#"{"name":"order.placed","metadata":"tenant=acme"}"#)
        }
        #expect((try? NoticeLine.decode(#"{"name":"order.placed","metadata":null}"#))?.metadata == .empty)
    }

    @Test func metadataReadsBackFromItsJSON() throws {
        let metadata: NoticeMetadata = ["b": "2", "a": "un \"quoted\" été"]
        let json = try #require(metadata.json)
        #expect(json == #"{"a":"un \"quoted\" été","b":"2"}"#)
        #expect(try NoticeMetadata(json: json) == metadata)
        #expect(NoticeMetadata.empty.json == nil)
        #expect(throws: NoticeHubError.invalidMetadata(key: "a", reason: "the key appears twice")) {
            try NoticeMetadata(json: #"{"a":"1","a":"2"}"#)
        }
    }
}
