import Foundation
import NoticeHub
import Testing

struct NamePatternTests {
    @Test(arguments: [
        ("news.liked", false), ("news.*", true), ("news.>", true), ("*", true), (">", true),
        ("*.liked", true), ("news.*.count", true), ("news*", false), ("news.>x", false),
        ("news.*x", false), ("a>b", false), ("news.**", false),
    ])
    func aNameIsAPatternWhenASegmentIsExactlyAWildcard(text: String, isPattern: Bool) throws {
        #expect(try NoticeName(validating: text).isPattern == isPattern)
    }

    @Test(arguments: [
        ("news.*", "news.liked", true),
        ("news.*", "news.liked.twice", false),
        ("news.*", "news", false),
        ("news.*", "news.", false),
        ("news.*", "sports.liked", false),
        ("*.liked", "news.liked", true),
        ("*.liked", "liked", false),
        ("news.*.count", "news.liked.count", true),
        ("news.*.count", "news.liked.total", false),
        ("news.>", "news.liked", true),
        ("news.>", "news.liked.twice", true),
        ("news.>", "news", false),
        ("news.>", "newsy.liked", false),
        ("news.*.>", "news.liked.twice", true),
        ("news.*.>", "news.liked", false),
        (">", "news", true),
        ("news*", "news*", true),
        ("news*", "newsy", false),
        ("news.liked", "news.liked", true),
        ("news.liked", "news.liked.twice", false),
    ])
    func matching(pattern: String, name: String, matches: Bool) throws {
        let pattern = try NoticeName(validating: pattern)
        #expect(pattern.matches(try NoticeName(validating: name)) == matches)
    }

    @Test func aPatternNeverMatchesAPattern() {
        #expect(!NoticeName("news.>").matches("news.*"))
        #expect(!NoticeName("news.*").matches("news.*"))
    }

    @Test(arguments: ["a.>.b", ">.a", "news.>.>"])
    func theRestWildcardMayOnlyEndAPattern(text: String) {
        #expect {
            try NoticeName(validating: text)
        } throws: { error in
            "\(error)" == "invalid notice name \"\(text)\": '>' may only be the last segment of a pattern"
        }
    }

    @Test func sendersAreNeverPatterns() throws {
        let sender = try Sender(validating: "a.>.b")
        #expect(sender.rawValue == "a.>.b")
        #expect(try Sender(validating: "feed.*") != Sender(validating: "feed.x"))
    }

    @Test func patternsDecodeFromJSON() throws {
        let decoded = try JSONDecoder().decode([NoticeName].self, from: Data(#"["news.*","news.liked"]"#.utf8))
        #expect(decoded.map(\.isPattern) == [true, false])
    }
}
