import Foundation
import NoticeHub
import NoticeNews
import Testing
import TestSupport

/// The README's Swift samples, compiled (and most of them run) here; the
/// last test fails when a sample in the README is not found in this file.
struct ReadmeExamplesTests {
    @Test func quickStart() throws {
        let hub = NoticeHub()
        let token = hub.observe("greeting", sender: "Athos") { notice in
            print("\(notice.sender!) says hello")
        }
        try hub.post("greeting", sender: "Athos")
        token.cancel()
    }

    @Test func typedMessages() throws {
        let hub = NoticeHub()
        struct Liked: NoticeMessage {
            static let name: NoticeName = "news.liked"
            var newsID: Int
            var user: String
        }

        let subscription = hub.observe(Liked.self) { liked, notice in
            print("\(liked.user) likes \(liked.newsID) (notice \(notice.id))")
        }
        try hub.post(Liked(newsID: 1, user: "alice"), sender: "feed")
        withExtendedLifetime(subscription) {}
    }

    @Test func colleagues() {
        final class Musketeer {
            let name: String
            init(_ name: String) { self.name = name }
        }
        let mediator = Mediator<Musketeer>()
        let athos = Musketeer("Athos"), porthos = Musketeer("Porthos")
        mediator.addColleague(athos)
        mediator.addColleague(porthos, strongReference: false)
        mediator.invokeColleagues(by: athos) { print("\($0.name) received: One for all!") }
        withExtendedLifetime(porthos) {}
    }

    @Test func replies() async throws {
        let hub = NoticeHub()
        let responder = hub.respond(to: "collision.check", as: "AA101") { notice in
            try notice.value(as: Int.self) == 12
        }
        let replies = hub.request("collision.check", payload: 12, from: "CX200", as: Bool.self)
        print(replies.map(\.responder), replies.compactMap(\.value))  // ["AA101"] [true]

        let collected = await hub.collect(
            "collision.check", payload: 12, from: "CX200", as: Bool.self,
            timeout: .milliseconds(200), maxReplies: 5)
        print(collected.stopReason)  // allAnswered (or maxRepliesReached, timedOut, noResponders)
        #expect(replies.compactMap(\.value) == [true] && collected.stopReason == .allAnswered)
        withExtendedLifetime(responder) {}
    }

    /// Compiled, not run: the loop waits for notices forever.
    func asyncSequences(hub: NoticeHub) async {
        for await notice in hub.notices(named: "news.liked", buffering: .bufferingNewest(100)) {
            print(notice.name)
        }
    }

    @Test func journal() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("noticehub.sqlite")
        let journal = try SQLiteJournal(path: path)  // e.g. "noticehub.sqlite", created with mode 0600
        let journaled = try NoticeHub(journal: journal, durability: .always, projections: [LikesProjection()])
        try journaled.post(NewsPublished(id: 1, title: "News1"), sender: "editor")
        let notice = try journaled.post(NewsLiked(newsID: 1, user: "alice"), sender: "feed")
        print(notice.sequence!)  // 2

        try journaled.replay(from: 1, through: notice.sequence)  // delivered again, isReplay == true
        let following = try journaled.follow()                   // other processes' posts, live
        let indexer = try journaled.subscribeDurably(as: "indexer") { notice in
            print("indexing", notice.sequence!)                  // from its saved cursor, then live
        }
        #expect(notice.sequence == 2)
        following.cancel()
        indexer.cancel()
    }

    @Test func everySwiftSampleInTheReadmeIsCompiledHere() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let here = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let compiled = Self.normalized(here).joined(separator: "\n")
        let samples = readme.components(separatedBy: "```swift\n").dropFirst()
            .map { $0.components(separatedBy: "```").first ?? "" }
        #expect(samples.count >= 6)
        for sample in samples {
            let lines = Self.normalized(sample).filter { !$0.hasPrefix("import ") }
            #expect(compiled.contains(lines.joined(separator: "\n")), "README sample not compiled here:\n\(sample)")
        }
    }

    /// Lines without indentation, blank lines dropped.
    static func normalized(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
