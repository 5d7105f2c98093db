import Foundation
import NoticeHub
import NoticeJournalConformance
import Synchronization
import Testing

/// Journals written before a message changed shape replay into today's
/// colleagues through the message's upcasts, on every backend: the
/// release-0.1 journal (a SQLite file and a PostgreSQL dump, both made by
/// that release, whose notices are all version 1) and its export.
struct VersionUpgradeConformanceTests {
    /// `news.liked` as release 0.1 wrote it.
    struct LikedV1: Decodable, Sendable {
        var newsID: Int
        var user: String
    }

    /// Version 2 of `news.liked`: the reader is named as such, and a like
    /// has a weight.
    struct Liked: NoticeMessage {
        static let name: NoticeName = "news.liked"
        static let version = 2
        static let upcasts = Upcasts<Liked>.from(LikedV1.self) { v1 in
            Liked(newsID: v1.newsID, reader: v1.user, weight: 1)
        }
        var newsID: Int
        var reader: String
        var weight: Int
    }

    /// Version 2 of `news.unliked`, renamed the same way.
    struct Unliked: NoticeMessage {
        static let name: NoticeName = "news.unliked"
        static let version = 2
        static let upcasts = Upcasts<Unliked>.from(LikedV1.self) { v1 in Unliked(newsID: v1.newsID, reader: v1.user) }
        var newsID: Int
        var reader: String
    }

    /// A colleague of the version-2 code: likes per news item, by reader.
    struct Tally {
        private final class Readers: Sendable {
            let byNews = Mutex<[Int: [String: Int]]>([:])
        }
        private let readers = Readers()
        private let tokens: [Subscription]

        init(on hub: NoticeHub) {
            let readers = readers
            tokens = [
                hub.observe(Liked.self) { liked, _ in
                    readers.byNews.locked { $0[liked.newsID, default: [:]][liked.reader, default: 0] += liked.weight }
                },
                hub.observe(Unliked.self) { unliked, _ in
                    readers.byNews.locked { $0[unliked.newsID, default: [:]][unliked.reader] = nil }
                },
            ]
        }

        var likes: [Int: [String: Int]] { readers.byNews.locked { $0.filter { !$0.value.isEmpty } } }
    }

    static let expected: [Int: [String: Int]] = [1: ["alice": 1, "bob": 1]]

    @Test(arguments: Backend.all)
    func theRelease01JournalReplaysIntoVersion2Colleagues(backend: Backend) throws {
        let place = try backend.makePlace()
        try ReleaseUpgradeConformanceTests.restoreRelease01(into: place, backend: backend)
        let journal = try place.hub()
        let app = NoticeHub()
        let tally = Tally(on: app)
        #expect(try journal.journal.replay(into: app) == 7)
        #expect(tally.likes == Self.expected)
        #expect(try journal.journal.undecodableNotices(as: [Liked.self, Unliked.self]).count == 0)
    }

    @Test(arguments: Backend.all)
    func theRelease01ExportImportsAndReplaysIntoVersion2Colleagues(backend: Backend) throws {
        let place = try backend.makePlace()
        let journal = try place.hub()
        let lines = try String(
            contentsOf: ReleaseUpgradeConformanceTests.fixtures.appendingPathComponent("release-0.1.jsonl"),
            encoding: .utf8)
        _ = try journal.journal.importNotices(lines.split(separator: "\n").map(String.init))
        let app = NoticeHub()
        let tally = Tally(on: app)
        #expect(try journal.journal.replay(into: app) == 7)
        #expect(tally.likes == Self.expected)

        // What version-2 code posts keeps its version beside the old notices.
        try journal.post(Liked(newsID: 2, reader: "carol", weight: 3), sender: "feed")
        var versions: [Int] = []
        try journal.journal.read(JournalQuery(names: ["news.liked"])) { notice in
            versions.append(notice.version)
            return true
        }
        #expect(versions == [1, 1, 1, 2])
        let rebuilt = NoticeHub()
        let again = Tally(on: rebuilt)
        try journal.journal.replay(into: rebuilt)
        #expect(again.likes == [1: ["alice": 1, "bob": 1], 2: ["carol": 3]])
    }
}
