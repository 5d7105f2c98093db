import Foundation
import NoticeHub
import NoticeHubTesting
import Synchronization
import Testing

/// The replay-based testing kit reads and compares notices as the rest of
/// NoticeHub does: fixtures are split into lines as `noticectl import` splits
/// a file, recordings are compared field by field, and recorders select names
/// as observers do.
struct TestingKitTests {
    /// Blank lines count, as the import contract says: the error names the
    /// line a text editor shows.
    @Test(arguments: ["\n", "\r\n"])
    func aFixtureErrorNamesTheLineCountingBlankLines(lineBreak: String) throws {
        let text = [
            #"{"name":"memo.saved","payload":{"n":1}}"#,
            "",
            #"{"name":"memo.saved","payload":{"n":2}}"#,
            #"{"name":"memo.saved","payload":"#,
        ].joined(separator: lineBreak)
        #expect {
            _ = try NoticeFixture(jsonl: text)
        } throws: { error in
            (error as? ImportError)?.line == 4
        }
    }

    /// U+2028, U+2029 and U+0085 are newlines to `Character`, but JSON allows
    /// them raw inside a string, and an export may hold them so.
    @Test func anExportWithUnicodeLineSeparatorsInsideAStringLoads() throws {
        let text = "a\u{2028}b\u{2029}c\u{85}d"
        let jsonl =
            #"{"name":"memo.saved","payload":{"text":""# + text + #""}}"# + "\n"
            + #"{"name":"memo.saved","payload":{"text":"next"}}"# + "\n"
        let fixture = try NoticeFixture(jsonl: jsonl)
        struct Memo: Codable, Equatable { var text: String }
        #expect(try fixture.notices().map { try $0.decode(Memo.self) } == [Memo(text: text), Memo(text: "next")])
    }

    @Test func aNoticeWithoutSenderDiffersFromOneSentByNobody() throws {
        let hub = NoticeHub()
        let recorder = NoticeRecorder(hub)
        try hub.post("memo.saved")
        let difference = recorder.difference(from: [FixtureNotice("memo.saved", sender: "nobody")])
        #expect(difference?.contains("memo.saved without sender {}") == true)
        #expect(difference?.contains("memo.saved from nobody {}") == true)
        #expect(recorder.difference(from: [FixtureNotice("memo.saved")]) == nil)
    }

    /// A fixture line whose payload a typed colleague cannot decode fails
    /// the replay, naming the line's notice, after the others were delivered.
    @Test func aFixtureReplayReportsANoticeATypedObserverCannotDecode() throws {
        struct Saved: NoticeMessage {
            static let name: NoticeName = "memo.saved"
            var text: String
        }
        let fixture = try NoticeFixture(
            jsonl: #"{"name":"memo.saved","payload":{"text":"a"}}"# + "\n" + #"{"name":"memo.saved","payload":{}}"#)
        let app = NoticeHub()
        let texts = Texts()
        let token = app.observe(Saved.self) { saved, _ in texts.append(saved.text) }
        #expect {
            try fixture.replay(into: app)
        } throws: { error in
            (error as? UndecodableNotices)?.listed.map(\.notice.sequence) == [2]
        }
        #expect(texts.all == ["a"])
        token.cancel()
    }

    /// Version 2 of `memo.saved`, which reads version-1 payloads through its upcasts.
    struct SavedV2: NoticeMessage, Equatable {
        struct V1: Decodable, Sendable { var text: String }
        static let name: NoticeName = "memo.saved"
        static let version = 2
        static let upcasts = Upcasts<SavedV2>.from(V1.self) { SavedV2(body: $0.text, pinned: false) }
        var body: String
        var pinned: Bool
    }

    /// A fixture of export lines that an earlier build wrote (no version, so
    /// version 1) and of stated notices replays into today's colleagues, and
    /// a recording states each notice's version.
    @Test func fixturesOfEarlierVersionsReplayThroughTheMessagesUpcasts() throws {
        let lines = try NoticeFixture(
            jsonl: #"{"name":"memo.saved","payload":{"text":"a"}}"# + "\n"
                + #"{"name":"memo.saved","version":2,"payload":{"body":"b","pinned":true}}"#)
        let stated = try NoticeFixture(notices: [
            FixtureNotice("memo.saved", payload: ["text": "c"]),
            FixtureNotice(SavedV2(body: "d", pinned: true)),
        ])
        let app = NoticeHub()
        let bodies = Texts()
        let token = app.observe(SavedV2.self) { saved, _ in bodies.append(saved.body) }
        let recorder = NoticeRecorder(app, names: ["memo.saved"])
        #expect(try lines.replay(into: app) == 2)
        #expect(try stated.replay(into: app) == 2)
        #expect(bodies.all == ["a", "b", "c", "d"])
        let expected = [
            try FixtureNotice("memo.saved", payload: ["text": "a"]),
            try FixtureNotice(SavedV2(body: "b", pinned: true)),
            try FixtureNotice("memo.saved", payload: ["text": "c"]),
            try FixtureNotice(SavedV2(body: "d", pinned: true)),
        ]
        #expect(recorder.difference(from: expected) == nil)
        var unversioned = expected
        unversioned[1].version = 1
        let difference = recorder.difference(from: unversioned)
        #expect(
            difference?.contains(#"recorded memo.saved without sender {"body":"b","pinned":true} version 2"#) == true)
        token.cancel()
    }

    final class Texts: Sendable {
        private let items = Mutex<[String]>([])
        func append(_ item: String) { items.withLock { $0.append(item) } }
        var all: [String] { items.withLock { $0 } }
    }

    @Test func aRecorderSelectsNamesByPatternAsObserversDo() throws {
        let hub = NoticeHub()
        let recorder = NoticeRecorder(hub, names: ["memo.*", "alarm.rang"])
        for name: NoticeName in ["memo.saved", "memo.saved.twice", "alarm.rang", "alarm.set", "memo.deleted"] {
            try hub.post(name)
        }
        #expect(recorder.notices.map(\.name) == ["memo.saved", "alarm.rang", "memo.deleted"])
    }
}
