import Foundation
import Testing
import NoticeJSON

/// Call orders the streaming fast path cannot express must still produce the right JSON
/// (via the tree fallback), matching what Foundation produces.
@Suite("Encoder behaviour")
struct EncoderBehaviourTests {
    enum K: String, CodingKey { case a, b, c, d }

    class Base: Codable {
        var base = 1
        init() {}
        required init(from decoder: any Decoder) throws {
            base = try decoder.container(keyedBy: K.self).decode(Int.self, forKey: .a)
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: K.self)
            try container.encode(base, forKey: .a)
        }
    }

    /// Shares one encoder with its superclass: both keyed containers must merge.
    final class SharedEncoder: Base {
        var extra = "x"
        override func encode(to encoder: any Encoder) throws {
            try super.encode(to: encoder)
            var container = encoder.container(keyedBy: K.self)
            try container.encode(extra, forKey: .b)
        }
    }

    /// Uses `superEncoder()`, which the stream hands to the tree encoder.
    final class SuperEncoder: Base {
        var extra = [1, 2]
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: K.self)
            try container.encode(extra, forKey: .b)
            try super.encode(to: container.superEncoder())
        }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: K.self)
            extra = try container.decode([Int].self, forKey: .b)
            try super.init(from: container.superDecoder())
        }
        override init() { super.init() }
    }

    /// Writes to a nested container after a sibling was started.
    struct OutOfOrder: Encodable {
        func encode(to encoder: any Encoder) throws {
            var root = encoder.container(keyedBy: K.self)
            var first = root.nestedContainer(keyedBy: K.self, forKey: .a)
            var second = root.nestedUnkeyedContainer(forKey: .b)
            try second.encode(1)
            try first.encode(true, forKey: .c)
            try root.encode("end", forKey: .d)
            try second.encode(2)
        }
    }

    /// Nested containers used in order stay on the streaming path.
    struct InOrder: Encodable {
        func encode(to encoder: any Encoder) throws {
            var root = encoder.container(keyedBy: K.self)
            var first = root.nestedContainer(keyedBy: K.self, forKey: .a)
            try first.encode(1, forKey: .c)
            var list = first.nestedUnkeyedContainer(forKey: .d)
            try list.encode("x")
            var inner = list.nestedContainer(keyedBy: K.self)
            try inner.encodeNil(forKey: .a)
            #expect(inner.codingPath.map(\.stringValue) == ["a", "d", "Index 1"])
            try list.encode(2)
            #expect(list.codingPath.map(\.stringValue) == ["a", "d"])
            try root.encode(3, forKey: .b)
            #expect(list.count == 3)
        }
    }

    /// Catches an encoding error and carries on: no half-written element may remain.
    struct Recovering: Encodable {
        func encode(to encoder: any Encoder) throws {
            var root = encoder.container(keyedBy: K.self)
            try root.encode(1, forKey: .a)
            do { try root.encode(Double.nan, forKey: .b) } catch {}
            do { try root.encode([1.0, .infinity], forKey: .c) } catch {}
            try root.encode(2, forKey: .d)
        }
    }

    struct Empty: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    struct HoldsEmpty: Encodable { var e = Empty(); var n = 1 }

    struct DoubleSingle: Encodable {
        func encode(to encoder: any Encoder) throws {
            var single = encoder.singleValueContainer()
            try single.encode(1)
            try single.encode(2)
        }
    }

    @Test func sharedEncoderMergesContainers() throws {
        #expect(try Payloads.encodeString(SharedEncoder()) == #"{"a":1,"b":"x"}"#)
    }

    @Test func superEncoderFallsBackToTree() throws {
        let text = try Payloads.encodeString(SuperEncoder())
        #expect(text == #"{"b":[1,2],"super":{"a":1}}"#)
        let back = try PayloadDecoder().decode(SuperEncoder.self, from: text)
        #expect(back.extra == [1, 2] && back.base == 1)
        #expect(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(SuperEncoder())) as? NSDictionary
                == JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
    }

    @Test func outOfOrderContainers() throws {
        #expect(try Payloads.encodeString(OutOfOrder()) == #"{"a":{"c":true},"b":[1,2],"d":"end"}"#)
    }

    @Test func inOrderNestedContainers() throws {
        #expect(try Payloads.encodeString(InOrder()) == #"{"a":{"c":1,"d":["x",{"a":null},2]},"b":3}"#)
    }

    @Test func recoveringFromErrors() throws {
        #expect(try Payloads.encodeString(Recovering()) == #"{"a":1,"d":2}"#)
    }

    @Test func emptyValues() throws {
        #expect(try Payloads.encodeString(HoldsEmpty()) == #"{"e":{},"n":1}"#)
        #expect(throws: EncodingError.self) { try PayloadEncoder().encode(Empty()) }
    }

    @Test func secondSingleValueIsAnError() {
        #expect(throws: EncodingError.self) { try PayloadEncoder().encode(DoubleSingle()) }
    }

    @Test func treeEncoderMatchesStreamingOutput() throws {
        let values: [Person] = [
            Person(
                name: "A", age: 1, address: Address(street: "s", zip: "z"), nicknames: [], scores: [0.5],
                manager: nil)
        ]
        let streamed = try PayloadEncoder().encode(values)
        let tree = try TreeEncoder.encode(values)
        #expect(streamed == tree)
        let special = Special(
            date: Date(timeIntervalSince1970: 0), data: Data([1]), url: URL(string: "a:b")!,
            decimal: 1, payload: [1, "2"])
        #expect(try PayloadEncoder().encode(special) == TreeEncoder.encode(special))
    }
}
