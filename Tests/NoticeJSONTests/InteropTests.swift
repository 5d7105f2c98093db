import Foundation
import Testing
import NoticeJSON

/// Values exchanged with Foundation's coders in both directions (no Date/Data: those use
/// different default strategies there).
@Suite("Foundation interop")
struct InteropTests {
    struct Payload: Codable, Equatable {
        var id: Int
        var user: String
        var title: String
        var score: Double
        var flag: Bool
        var tags: [String]
    }

    struct Mixed: Codable, Equatable {
        var small: Int8
        var big: UInt64
        var ratio: Float
        var maybe: String?
        var nested: [[String: [Int]]]
        var shape: Shape
        var url: URL
        var text: String
    }

    static let payload = Payload(
        id: 42, user: "alice", title: "Breaking news of the day", score: 3.25,
        flag: true, tags: ["a", "bb"])
    static let mixed = Mixed(
        small: -128, big: .max, ratio: 0.1, maybe: nil,
        nested: [["k": [1, 2]], [:]], shape: .rect(width: 1, height: 2),
        url: URL(string: "https://example.org/p?q=1")!,
        text: "line\nbreak \"quoted\" \u{1} é 🚀")

    static func check<T: Codable & Equatable>(_ value: T) throws {
        let foundationBytes = try JSONEncoder().encode(value)
        #expect(try PayloadDecoder().decode(T.self, from: foundationBytes) == value)
        let ours = try PayloadEncoder().encode(value)
        #expect(try JSONDecoder().decode(T.self, from: Data(ours)) == value)
    }

    @Test func payload() throws { try Self.check(Self.payload) }
    @Test func mixed() throws { try Self.check(Self.mixed) }
    @Test func collections() throws {
        try Self.check([1: "a", 2: "b"])
        try Self.check(["x": [1.5, -0.25], "y": []])
        try Self.check([[true], [false, true]])
        try Self.check([Shape.empty, .labelled("l", 1), .circle(radius: 0.5)])
        try Self.check(Widths.maximums)
        try Self.check(Widths.minimums)
        try Self.check(OptionalHolder(present: nil, absent: "x", nested: [nil]))
    }

    @Test func foundationPrettyPrintedOutputDecodes() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(Self.mixed)
        #expect(try PayloadDecoder().decode(Mixed.self, from: data) == Self.mixed)
    }

    @Test func jsonValueMatchesJSONSerialization() throws {
        let text = #"{"a":[1,2.5,"x",true,null,{"b":[]}],"c":"é"}"#
        let ours = try JSONParser.parse(text)
        let theirs = try JSONSerialization.jsonObject(with: Data(ours.serialized().utf8)) as? NSDictionary
        let original = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary
        #expect(theirs != nil && theirs == original)
    }
}
