import Foundation
import NoticeHub
import Testing

struct OrderedJSONEncoderTests {
    private struct Tag: Encodable {
        var zeta: String
        var alpha: Int
    }

    private struct Item: Encodable {
        var title: String
        var id: Int
        var tags: [Tag]
        var score: Double?
        var note: String?
        var posted: Date
    }

    /// Writes `note` as `null` when it is absent: `encode`, not `encodeIfPresent`.
    private struct Explicit: Encodable {
        var note: String?

        enum CodingKeys: CodingKey { case note }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(note, forKey: .note)
        }
    }

    @Test func keysKeepTheirDeclarationOrderAtEveryLevel() throws {
        let item = Item(
            title: "News1", id: 1, tags: [Tag(zeta: "z", alpha: 2), Tag(zeta: "y", alpha: 1)],
            score: 2.5, note: nil, posted: Date(timeIntervalSince1970: 1_795_273_445.123))
        #expect(
            try OrderedJSONEncoder().encode(item) == """
                {"title":"News1","id":1,"tags":[{"zeta":"z","alpha":2},{"zeta":"y","alpha":1}],\
                "score":2.5,"posted":"2026-11-21T15:04:05.123Z"}
                """)
    }

    @Test func stringsEscapeQuotesBackslashesAndControlCharactersOnly() throws {
        let text = "say \"hi\"\\ \n\t\r\u{1}\u{1F} é ☃ 😀 \u{200B}/"
        #expect(
            try OrderedJSONEncoder().encode(text)
                == #""say \"hi\"\\ \n\t\r\u0001\u001f é ☃ 😀 "# + "\u{200B}" + #"/""#)
        #expect(try OrderedJSONEncoder().encode(["k\"ey": 1]) == #"{"k\"ey":1}"#)
    }

    @Test func anAbsentOptionalIsLeftOutUnlessEncodedExplicitly() throws {
        #expect(try OrderedJSONEncoder().encode(Explicit(note: nil)) == #"{"note":null}"#)
        #expect(try OrderedJSONEncoder().encode(Explicit(note: "n")) == #"{"note":"n"}"#)
        #expect(try OrderedJSONEncoder().encode([1, nil, 3] as [Int?]) == "[1,null,3]")
    }

    @Test func nonFiniteNumbersAndDatesOutsideTheYearsThrow() {
        #expect(throws: EncodingError.self) { try OrderedJSONEncoder().encode([Double.nan]) }
        #expect(throws: EncodingError.self) {
            try OrderedJSONEncoder().encode(Date(timeIntervalSince1970: 253_402_300_800))
        }
    }
}
