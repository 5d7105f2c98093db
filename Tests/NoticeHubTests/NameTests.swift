import Foundation
import NoticeHub
import Testing
import TestSupport

struct NameTests {
    @Test func literalsAndRuntimeTextMakeEqualNames() throws {
        let literal: NoticeName = "news.liked"
        #expect(try NoticeName(validating: "news.liked") == literal)
        #expect(literal.description == "news.liked")
        let sender: Sender = "BA706"
        #expect(try Sender(validating: "BA706") == sender)
    }

    @Test(arguments: [
        ("", "invalid notice name \"\": it is empty"),
        ("a\nb", "invalid notice name \"a\\nb\": it contains the control character U+000A"),
        ("tab\there", "invalid notice name \"tab\\there\": it contains the control character U+0009"),
        ("bell\u{7}", "invalid notice name \"bell\\u{7}\": it contains the control character U+0007"),
        ("c1\u{85}", "invalid notice name \"c1\\u{85}\": it contains the control character U+0085"),
    ])
    func invalidNamesAreRefusedWithTheRule(text: String, message: String) {
        #expect {
            try NoticeName(validating: text)
        } throws: { error in
            "\(error)" == message
        }
    }

    @Test func namesAreBoundedInBytes() throws {
        _ = try NoticeName(validating: String(repeating: "é", count: 128)) // 256 bytes
        #expect(
            throws: NoticeHubError.invalidName(
                String(repeating: "é", count: 129), reason: "it is 258 bytes long (at most 256 allowed)")
        ) {
            try NoticeName(validating: String(repeating: "é", count: 129))
        }
    }

    @Test func sendersFollowTheSameRules() {
        #expect(throws: NoticeHubError.invalidSender("", reason: "it is empty")) {
            try Sender(validating: "")
        }
    }

    @Test func namesEncodeAsPlainStringsAndValidateWhenDecoded() throws {
        let data = try JSONEncoder().encode(["name": NoticeName("a.b")])
        #expect(String(decoding: data, as: UTF8.self) == #"{"name":"a.b"}"#)
        #expect(throws: NoticeHubError.self) {
            try JSONDecoder().decode([String: NoticeName].self, from: Data(#"{"name":""}"#.utf8))
        }
    }

    @Test func noticeIDsAreUniqueAndRoundTripAsText() throws {
        let ids = (0..<10_000).map { _ in NoticeID.next() }
        #expect(Set(ids).count == ids.count)
        let first = try #require(ids.first)
        #expect(NoticeID(first.description) == first)
        #expect(first.description == first.description.lowercased())
        #expect(NoticeID("not a uuid") == nil)
    }

    /// Threads take ids in blocks from one counter: across threads, and across
    /// more ids than one block holds, none repeats and all are valid UUIDs.
    @Test func noticeIDsFromManyThreadsNeverRepeat() async throws {
        let perThread = 10_000
        let batches = await withTaskGroup(of: [NoticeID].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    await Task.detached { (0..<perThread).map { _ in NoticeID.next() } }.value
                }
            }
            return await group.reduce(into: [[NoticeID]]()) { $0.append($1) }
        }
        let all = batches.flatMap { $0 }
        #expect(all.count == 8 * perThread)
        #expect(Set(all).count == all.count)
        #expect(all.allSatisfy { UUID(uuidString: $0.description) == $0.uuid })
    }

    /// Fresh ids are version 7 UUIDs that carry the posting time first, so
    /// later notices sort after earlier ones, whichever thread posted them.
    @Test func noticeIDsAreVersion7AndOrderedByPostingTime() async throws {
        let hub = NoticeHub()
        let first = try hub.post("time.first")
        let second = try hub.post("time.second")
        for notice in [first, second] {
            let text = Array(notice.id.description)
            #expect(text[14] == "7", "version")
            #expect("89ab".contains(text[19]), "variant")
            // The first 48 bits are the posting time in milliseconds.
            #expect(Self.milliseconds(of: notice.id) == notice.postedAtMilliseconds)
        }
        // Two ids of different milliseconds sort by time, across threads.
        let early = NoticeID.next()
        let earlyMilliseconds = try #require(Self.milliseconds(of: early))
        #expect(await eventually { Int64(Date().timeIntervalSince1970 * 1_000) > earlyMilliseconds })
        let late = await Task.detached { NoticeID.next() }.value
        #expect(early.description < late.description)
    }

    /// The time an id carries: its first 48 bits.
    static func milliseconds(of id: NoticeID) -> Int64? {
        Int64(id.description.replacingOccurrences(of: "-", with: "").prefix(12), radix: 16)
    }

    @Test func noticeIDsParseAsFoundationReadsUUIDs() throws {
        for _ in 0..<200 {
            let uuid = UUID()
            #expect(NoticeID(uuid.uuidString)?.uuid == uuid, "upper case")
            #expect(NoticeID(uuid.uuidString.lowercased())?.uuid == uuid, "lower case")
        }
        let valid = "0123abcd-ef45-6789-ABCD-EF0123456789"
        #expect(NoticeID(valid)?.uuid == UUID(uuidString: valid))
        // Every position refuses a character that is not a hexadecimal digit.
        for offset in valid.indices where valid[offset] != "-" {
            for bad in ["g", "G", "@", "`", "/", ":", " ", "é"] {
                var text = valid
                text.replaceSubrange(offset...offset, with: bad)
                #expect(NoticeID(text) == nil, "\(text)")
            }
        }
        // Two-byte characters in place of two digits keep the length at 36.
        for offset in [0, 9, 14, 19, 24, 34] {
            var text = Array(valid.utf8)
            text.replaceSubrange(offset..<offset + 2, with: "é".utf8)
            #expect(NoticeID(String(decoding: text, as: UTF8.self)) == nil, "é at \(offset)")
        }
        #expect(NoticeID("0123abcd0ef45-6789-ABCD-EF012345678") == nil, "a dash out of place")
    }

    @Test(arguments: [
        ("", #"invalid subscriber name "": it is empty"#),
        ("index\ner", #"invalid subscriber name "index\ner": it contains the control character U+000A"#),
    ])
    func aSubscriberNameThatBreaksTheNamingRulesIsRefused(name: String, message: String) throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("j.sqlite")))
        #expect { try hub.journal.subscribe(as: name) { _ in } } throws: { "\($0)" == message }
        #expect(try hub.journal.statistics().subscribers.isEmpty)
    }
}
