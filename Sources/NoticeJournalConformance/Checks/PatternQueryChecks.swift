import Foundation
import NoticeHub
import Testing

/// Queries whose names hold patterns (`news.*`, `news.>`) select the same
/// rows on every backend, whatever each narrows in SQL: the limit counts
/// matching rows, and names that merely sort near a pattern's prefix stay out.
struct PatternQueryChecks {
    static let names: [NoticeName] = [
        "news", "sports.liked", "news.liked", "news.liked.twice", "newsy.a", "news-x", "news/x", "news.unliked",
    ]

    func patternQueriesSelectTheMatchingNamesInOrder(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        for name in Self.names { try hub.post(name, sender: name == "news.unliked" ? "alice" : "feed") }
        func read(_ query: JournalQuery) throws -> [String] {
            var names: [String] = []
            try hub.journal.read(query) {
                names.append($0.name.rawValue); return true
            }
            return names
        }
        #expect(try read(JournalQuery(names: ["news.*"])) == ["news.liked", "news.unliked"])
        #expect(try read(JournalQuery(names: ["news.>"])) == ["news.liked", "news.liked.twice", "news.unliked"])
        #expect(try read(JournalQuery(names: ["*.liked"])) == ["sports.liked", "news.liked"])
        #expect(
            try read(JournalQuery(names: ["news.*", "news", "news/x"])) == [
                "news", "news.liked", "news/x", "news.unliked",
            ])
        #expect(try read(JournalQuery(names: ["news.*.twice", "sports.>"])) == ["sports.liked", "news.liked.twice"])
        #expect(try read(JournalQuery(names: ["news.*"], limit: 1)) == ["news.liked"])
        #expect(try read(JournalQuery(names: ["*.liked"], limit: 1)) == ["sports.liked"])
        #expect(try read(JournalQuery(names: ["news.>"], limit: 0)) == [])
        #expect(try read(JournalQuery(from: 4, names: ["news.>"])) == ["news.liked.twice", "news.unliked"])
        #expect(try read(JournalQuery(names: ["news.*"], sender: "feed")) == ["news.liked"])
        #expect(try read(JournalQuery(names: ["news.*"], sender: "alice")) == ["news.unliked"])
    }

    /// PostgreSQL reads in pages of 512 rows: a match after more
    /// non-matching rows than a page holds is still found.
    func aMatchBeyondAPageOfOtherNamesIsFound(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        let lines =
            Array(repeating: #"{"name":"news"}"#, count: 600) + [#"{"name":"news.liked"}"#, #"{"name":"news.read"}"#]
        _ = try hub.journal.importNotices(lines)
        var seen: [String] = []
        try hub.journal.read(JournalQuery(names: ["news.*"], limit: 1)) {
            seen.append("\($0.name)#\($0.sequence!)"); return true
        }
        #expect(seen == ["news.liked#601"])
    }

    func replayAndDurableSubscribersTakePatterns(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        for name in Self.names { try hub.post(name) }
        let replayed = Collected<String>()
        let target = NoticeHub()
        let token = target.observe(nil) { replayed.append($0.name.rawValue) }
        #expect(try hub.journal.replay(names: ["news.*"], into: target) == 2)
        #expect(replayed.elements == ["news.liked", "news.unliked"])

        let received = Collected<String>()
        let subscription = try hub.journal.subscribe(as: "likes", names: ["*.liked"]) {
            received.append($0.name.rawValue)
        }
        try waitUntil { received.count == 2 }
        try hub.post("extra.liked")
        try hub.post("extra.read")
        try waitUntil { received.count == 3 }
        subscription.cancel()
        #expect(received.elements == ["sports.liked", "news.liked", "extra.liked"])
        withExtendedLifetime(token) {}
    }
}
