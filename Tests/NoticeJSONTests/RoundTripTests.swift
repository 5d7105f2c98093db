import Foundation
import Testing
import NoticeJSON

struct Address: Codable, Equatable {
    var street: String
    var zip: String?
}

struct Person: Codable, Equatable {
    var name: String
    var age: Int
    var address: Address
    var nicknames: [String]
    var scores: [Double]
    var manager: Address?
}

enum Shape: Codable, Equatable {
    case circle(radius: Double)
    case rect(width: Int, height: Int)
    case labelled(String, Int)
    case empty
}

struct Widths: Codable, Equatable {
    var i8: Int8, i16: Int16, i32: Int32, i64: Int64, i: Int
    var u8: UInt8, u16: UInt16, u32: UInt32, u64: UInt64, u: UInt

    static let minimums = Widths(
        i8: .min, i16: .min, i32: .min, i64: .min, i: .min,
        u8: .min, u16: .min, u32: .min, u64: .min, u: .min)
    static let maximums = Widths(
        i8: .max, i16: .max, i32: .max, i64: .max, i: .max,
        u8: .max, u16: .max, u32: .max, u64: .max, u: .max)
}

struct Special: Codable, Equatable {
    var date: Date
    var data: Data
    var url: URL
    var decimal: Decimal
    var payload: JSONValue
}

struct OptionalHolder: Codable, Equatable {
    var present: Int?
    var absent: String?
    var nested: [Int?]
}

@Suite("Round trips")
struct RoundTripTests {
    @Test func nestedStructs() throws {
        let value = Person(
            name: "Ada", age: 36, address: Address(street: "1 Loop", zip: nil),
            nicknames: ["a", "b"], scores: [1.5, -2], manager: Address(street: "x", zip: "9"))
        #expect(try Payloads.roundTrip(value) == value)
        #expect(
            try Payloads.encodeString(value)
                == #"{"name":"Ada","age":36,"address":{"street":"1 Loop"},"nicknames":["a","b"],"scores":[1.5,-2.0],"manager":{"street":"x","zip":"9"}}"#
        )
    }

    /// Small documents' tapes live in a stack buffer and a shallow stack; these sizes
    /// cross into the heap-grown tape and the full-depth stack.
    @Test(arguments: [1, 63, 64, 65, 1_000, 50_000])
    func documentsOfEverySizeDecode(elements: Int) throws {
        let value = (0..<elements).map {
            Person(
                name: "p\($0)", age: $0, address: Address(street: "s", zip: nil),
                nicknames: [], scores: [Double($0)], manager: nil)
        }
        #expect(try Payloads.roundTrip(value) == value)
    }

    /// A decode nested in another on the same thread must not share its tape storage.
    @Test func aDecodeInsideInitFromHasItsOwnTape() throws {
        struct Wrapper: Decodable, Equatable {
            var before: Int
            var inner: Person
            var after: String
            init(before: Int, inner: Person, after: String) {
                self.before = before
                self.inner = inner
                self.after = after
            }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                before = try container.decode(Int.self, forKey: .before)
                let text = try container.decode(String.self, forKey: .inner)
                inner = try PayloadDecoder().decode(Person.self, from: text)
                after = try container.decode(String.self, forKey: .after)
            }
            enum CodingKeys: String, CodingKey { case before, inner, after }
        }
        let inner = Person(
            name: "Ada", age: 36, address: Address(street: "1 Loop", zip: "7"),
            nicknames: ["a"], scores: [1, 2, 3], manager: nil)
        let innerText = try Payloads.encodeString(inner)
        let outer = try Payloads.encodeString([
            "before": JSONValue.int(1), "inner": .string(innerText), "after": .string("end"),
        ])
        #expect(
            try PayloadDecoder().decode(Wrapper.self, from: outer) == Wrapper(before: 1, inner: inner, after: "end"))
    }

    @Test(arguments: [127, 128, 129, 512])
    func deeplyNestedDocumentsDecode(depth: Int) throws {
        let text = String(repeating: "[", count: depth) + "7" + String(repeating: "]", count: depth)
        var value = try PayloadDecoder().decode(JSONValue.self, from: text)
        for _ in 0..<depth {
            guard case .array(let elements) = value, elements.count == 1 else {
                Issue.record("expected a one-element array")
                return
            }
            value = elements[0]
        }
        #expect(value == .int(7))
    }

    @Test func enumsWithAssociatedValues() throws {
        let shapes: [Shape] = [.circle(radius: 2.5), .rect(width: 3, height: 4), .labelled("x", 7), .empty]
        #expect(try Payloads.roundTrip(shapes) == shapes)
        #expect(try Payloads.encodeString(Shape.circle(radius: 1)) == #"{"circle":{"radius":1.0}}"#)
    }

    @Test func optionals() throws {
        let value = OptionalHolder(present: 5, absent: nil, nested: [1, nil, 3])
        #expect(try Payloads.encodeString(value) == #"{"present":5,"nested":[1,null,3]}"#)
        #expect(try Payloads.roundTrip(value) == value)
        #expect(try Payloads.roundTrip(Int?.none) == nil)
    }

    @Test func arraysOfArraysAndDictionaries() throws {
        let grid: [[Int]] = [[1, 2], [], [3]]
        #expect(try Payloads.roundTrip(grid) == grid)
        let byName: [String: Int] = ["one": 1, "two": 2]
        #expect(try Payloads.roundTrip(byName) == byName)
        let byNumber: [Int: String] = [1: "one", -20: "minus twenty"]
        #expect(try Payloads.roundTrip(byNumber) == byNumber)
        #expect(try Payloads.encodeString([7: "seven"]) == #"{"7":"seven"}"#)
        let nested: [String: [String: [Bool]]] = ["a": ["b": [true, false]]]
        #expect(try Payloads.roundTrip(nested) == nested)
    }

    @Test func unicodeAndEscapes() throws {
        let text =
            "quote \" backslash \\ slash / newline \n tab \t cr \r bs \u{8} ff \u{C} nul \u{0} unit \u{1F} é 漢字 🚀"
        #expect(try Payloads.roundTrip(text) == text)
        let encoded = try Payloads.encodeString(text)
        #expect(encoded.contains(#"\""#) && encoded.contains(#"\\"#) && encoded.contains(#"\n"#))
        #expect(encoded.contains(#"\u0000"#) && encoded.contains(#"\u001f"#) && encoded.contains("/ "))
        #expect(encoded.contains("é 漢字 🚀"))
        #expect(try PayloadDecoder().decode(String.self, from: #""\ud83d\ude80 \u00e9\/""#) == "🚀 é/")
    }

    @Test(arguments: [Widths.minimums, Widths.maximums])
    func integerWidths(_ value: Widths) throws {
        #expect(try Payloads.roundTrip(value) == value)
    }

    @Test func integerExtremesAreWrittenExactly() throws {
        #expect(try Payloads.encodeString(Int64.min) == "-9223372036854775808")
        #expect(try Payloads.encodeString(UInt64.max) == "18446744073709551615")
    }

    @Test(arguments: [
        0.1, -0.0, 1e300, Double.leastNonzeroMagnitude, -1.5e-7, 123456789.125,
        Double.greatestFiniteMagnitude, 0.30000000000000004, 2.0, 1e16,
    ])
    func doubles(_ value: Double) throws {
        let back = try Payloads.roundTrip(value)
        #expect(back == value)
        #expect(back.sign == value.sign)
        #expect(try Payloads.encodeString(value) == value.description)
    }

    @Test func floats() throws {
        #expect(try Payloads.encodeString(Float(0.1)) == "0.1")
        #expect(try Payloads.roundTrip(Float(3.4e38)) == Float(3.4e38))
    }

    @Test func nonFiniteThrowsWithPath() throws {
        struct Box: Encodable { var values: [String: Double] }
        #expect {
            try PayloadEncoder().encode(Box(values: ["x": .infinity]))
        } throws: { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["values", "x"]
        }
        #expect(throws: EncodingError.self) { try PayloadEncoder().encode([1.0, .nan]) }
        #expect(throws: EncodingError.self) { try PayloadEncoder().encode(Float.infinity) }
    }

    @Test func specialTypes() throws {
        let value = Special(
            date: Date(timeIntervalSince1970: 1_795_273_445.123),
            data: Data([0, 1, 2, 250, 255]),
            url: URL(string: "https://example.com/a?b=c")!,
            decimal: Decimal(string: "12345678901234567890.125")!,
            payload: ["z": 1, "a": [true, nil, "s"], "z": 2.5])
        let text = try Payloads.encodeString(value)
        #expect(
            text
                == #"{"date":"2026-11-21T15:04:05.123Z","data":"AAEC+v8=","url":"https://example.com/a?b=c","decimal":12345678901234567890.125,"payload":{"z":1,"a":[true,null,"s"],"z":2.5}}"#
        )
        let back = try PayloadDecoder().decode(Special.self, from: text)
        #expect(back == value)
    }

    @Test func datesWithoutFractionAndWithOffsets() throws {
        let decoder = PayloadDecoder()
        #expect(try decoder.decode(Date.self, from: #""1970-01-01T00:00:10Z""#) == Date(timeIntervalSince1970: 10))
        #expect(try decoder.decode(Date.self, from: #""1970-01-01T01:00:10+01:00""#) == Date(timeIntervalSince1970: 10))
        #expect(
            try decoder.decode(Date.self, from: #""1969-12-31T23:59:59.500Z""#) == Date(timeIntervalSince1970: -0.5))
        #expect(throws: DecodingError.self) { try decoder.decode(Date.self, from: #""2026-02-30T00:00:00Z""#) }
        #expect(try Payloads.encodeString(Date(timeIntervalSince1970: -0.5)) == #""1969-12-31T23:59:59.500Z""#)
    }

    @Test func topLevelScalarsAndJSONValue() throws {
        #expect(try Payloads.encodeString(true) == "true")
        #expect(try Payloads.encodeString("x") == #""x""#)
        #expect(try Payloads.encodeString(Int?.none) == "null")
        let value: JSONValue = ["b": 1, "a": ["x", 2.5, false, nil], "b": ["nested": [:]]]
        let bytes = try PayloadEncoder().encode(value)
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"b":1,"a":["x",2.5,false,null],"b":{"nested":{}}}"#)
        #expect(try PayloadDecoder().decode(JSONValue.self, from: bytes) == value)
    }

    @Test func jsonValueThroughFoundation() throws {
        let value: JSONValue = ["list": [1, 2.5, "s", true, nil]]
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
    }
}
