import Foundation
import Testing
import TestSupport
import NoticeJSON

/// Seeded random and mutated inputs through the parser and the decoder: they must only
/// ever return or throw, never crash or hang.
@Suite("Fuzz")
struct FuzzTests {
    static let seeds: [String] = [
        #"{"id":42,"user":"alice","title":"Breaking news of the day","score":3.25,"flag":true,"tags":["a","bb"]}"#,
        #"[1,-2.5e3,true,false,null,"\u00e9\n\ud83d\ude00",{"a":[{}],"b":[[]]}]"#,
        #"{"name":"Ada","age":36,"address":{"street":"1 Loop"},"nicknames":["a"],"scores":[1.5],"manager":null}"#,
    ]

    static let alphabet: [UInt8] =
        Array(#"{}[]:,"\/ubfnrt0123456789-+.eEtruefalsnul "#.utf8) + [
            0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC2, 0xE0, 0xED, 0xF0, 0xF4, 0xFF,
        ]

    static func mutate(_ input: [UInt8], using rng: inout SeededGenerator) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            let choice = Int.random(in: 0..<4, using: &rng)
            let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &rng)
            switch choice {
            case 0 where !bytes.isEmpty: bytes[position] = alphabet.randomElement(using: &rng)!
            case 1: bytes.insert(alphabet.randomElement(using: &rng)!, at: position)
            case 2 where !bytes.isEmpty: bytes.remove(at: position)
            default:
                // Duplicate a slice to grow nesting and repetition.
                if !bytes.isEmpty {
                    let end = Swift.min(bytes.count, position + Int.random(in: 1...16, using: &rng))
                    bytes.insert(contentsOf: bytes[position..<end], at: position)
                }
            }
        }
        return bytes
    }

    static func exercise(_ bytes: [UInt8]) {
        let parsed = try? JSONParser.parse(bytes)
        if let parsed {
            // Anything accepted must survive a serialize/parse round trip unchanged.
            #expect((try? JSONParser.parse(parsed.serialized())) == parsed)
        }
        _ = try? PayloadDecoder().decode(Person.self, from: bytes)
        _ = try? PayloadDecoder().decode(InteropTests.Payload.self, from: bytes)
        _ = try? PayloadDecoder().decode([String: JSONValue].self, from: bytes)
        _ = try? PayloadDecoder().decode([Double].self, from: bytes)
    }

    @Test func randomBytes() {
        var rng = SeededGenerator(seed: 0xC0FFEE)
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<10_000 {
            let length = Int.random(in: 0...64, using: &rng)
            let bytes = (0..<length).map { _ in
                Bool.random(using: &rng)
                    ? Self.alphabet.randomElement(using: &rng)! : UInt8.random(in: 0...255, using: &rng)
            }
            Self.exercise(bytes)
        }
        #expect(clock.now - start < .seconds(60))
    }

    @Test func mutatedDocuments() {
        var rng = SeededGenerator(seed: 0xBADC0DE)
        let clock = ContinuousClock()
        let start = clock.now
        var accepted = 0
        for i in 0..<10_000 {
            let seed = Array(Self.seeds[i % Self.seeds.count].utf8)
            let bytes = Self.mutate(seed, using: &rng)
            if (try? JSONParser.parse(bytes)) != nil { accepted += 1 }
            Self.exercise(bytes)
        }
        #expect(accepted > 0) // the mutator must not only produce garbage
        #expect(clock.now - start < .seconds(60))
    }

    @Test func pathologicalShapesAreLinear() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let long = "[" + Array(repeating: "1", count: 200_000).joined(separator: ",") + "]"
        #expect(try PayloadDecoder().decode([Int].self, from: long).count == 200_000)
        let wide = "{" + (0..<20_000).map { #""k\#($0)":\#($0)"# }.joined(separator: ",") + "}"
        #expect(try PayloadDecoder().decode([String: Int].self, from: wide).count == 20_000)
        let deepObjects = String(repeating: #"{"a":"#, count: 600) + "1" + String(repeating: "}", count: 600)
        #expect(throws: DecodingError.self) { try PayloadDecoder().decode(JSONValue.self, from: deepObjects) }
        #expect(clock.now - start < .seconds(30))
    }
}
