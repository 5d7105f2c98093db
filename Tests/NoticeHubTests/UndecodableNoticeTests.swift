import Foundation
import NoticeHub
import Synchronization
import Testing
import TestSupport

/// A notice under a typed observer's name whose payload is not the message's
/// shape is reported, live, followed, streamed or replayed; never dropped
/// without a trace.
struct UndecodableNoticeTests {
    struct Liked: NoticeMessage, Equatable {
        static let name: NoticeName = "memo.liked"
        var user: String
    }

    @Test func aLiveNoticeThatDoesNotDecodeGoesToTheHubsHandler() throws {
        let hub = NoticeHub()
        let liked = Seen<String>()
        let undecodable = Seen<UndecodableNotice>()
        hub.onUndecodable { undecodable.append($0) }
        let token = hub.observe(Liked.self) { message, _ in liked.append(message.user) }
        try hub.post("memo.liked", sender: "feed", json: #"{"name":"alice"}"#)
        try hub.post(Liked(user: "bob"), sender: "feed")
        #expect(liked.all == ["bob"])
        #expect(undecodable.all.count == 1)
        let first = try #require(undecodable.all.first)
        #expect(first.notice.name == "memo.liked" && first.expected == "Liked")
        #expect("\(first)" == #"a live notice (memo.liked version 1 from feed) is not a Liked: missing key "user""#)
        token.cancel()
    }

    /// Journal with notices 1 (decodes), 2 (does not), 3 (decodes).
    static func journal(in directory: TemporaryDirectory) throws -> NoticeHub {
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("journal.sqlite")))
        try hub.post(Liked(user: "alice"))
        try hub.post("memo.liked", json: #"{"user":7}"#)
        try hub.post(Liked(user: "carol"))
        return hub
    }

    @Test func aReplayDeliversTheRestThenThrowsNamingEachUndecodableNotice() throws {
        let directory = TemporaryDirectory()
        let journal = try Self.journal(in: directory)
        let target = NoticeHub()
        let live = Seen<UndecodableNotice>()
        target.onUndecodable { live.append($0) }
        let liked = Seen<String>()
        let token = target.observe(Liked.self) { message, _ in liked.append(message.user) }
        #expect {
            try journal.journal.replay(into: target)
        } throws: { error in
            guard let error = error as? UndecodableNotices else { return false }
            return error.checked == 3 && error.count == 1 && error.listed.map(\.notice.sequence) == [2]
                && "\(error)"
                    == "1 of 3 notices could not be decoded; the first: "
                    + "notice #2 (memo.liked version 1) is not a Liked: expected String but found number 7 at user"
        }
        #expect(liked.all == ["alice", "carol"])
        #expect(live.all.isEmpty, "a replay's notices go to the replay, not the hub's handler")

        let collected = Seen<Int64>()
        #expect(
            try journal.journal.replay(into: target, onUndecodable: { collected.append($0.notice.sequence ?? 0) }) == 3)
        #expect(collected.all == [2])
        token.cancel()
    }

    @Test func theJournalListsTheNoticesThatDoNotDecodeAsTheirTypes() throws {
        let directory = TemporaryDirectory()
        let hub = try Self.journal(in: directory)
        try hub.post("memo.other", json: #"{"user":7}"#)
        let found = try hub.journal.undecodableNotices(as: [Liked.self])
        #expect(found.checked == 3 && found.count == 1)
        #expect(found.listed.map(\.notice.sequence) == [2] && found.listed.first?.expected == "Liked")
        #expect(try hub.journal.undecodableNotices(as: []).checked == 0)
    }

    @Test func aFollowerReportsWhatItBringsAndCannotDecode() throws {
        let directory = TemporaryDirectory()
        let writer = try Self.journal(in: directory)
        let reader = try NoticeHub(journal: SQLiteJournal(path: directory.path("journal.sqlite")))
        let undecodable = Seen<Int64>()
        reader.onUndecodable { undecodable.append($0.notice.sequence ?? 0) }
        let liked = Seen<String>()
        let token = reader.observe(Liked.self) { message, _ in liked.append(message.user) }
        let following = try reader.journal.follow(pollInterval: .milliseconds(5))
        try writer.post("memo.liked", json: #"{}"#)
        try writer.post(Liked(user: "dave"))
        #expect(eventually { liked.all == ["dave"] && undecodable.all == [4] })
        following.cancel()
        token.cancel()
    }

    @Test func aTypedStreamLeavesOutAndReportsWhatItCannotDecode() async throws {
        let hub = NoticeHub()
        let undecodable = Seen<String>()
        hub.onUndecodable { undecodable.append($0.expected) }
        // The stream observes from when its iterator is made.
        var messages = hub.messages(of: Liked.self).makeAsyncIterator()
        try hub.post("memo.liked", json: #"[]"#)
        try hub.post(Liked(user: "erin"))
        #expect(await messages.next(isolation: nil) == Liked(user: "erin"))
        #expect(undecodable.all == ["Liked"])
    }
}
