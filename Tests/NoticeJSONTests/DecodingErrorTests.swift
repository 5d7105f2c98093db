import Foundation
import Testing
import NoticeJSON

@Suite("Decoding errors")
struct DecodingErrorTests {
    struct Item: Codable, Equatable {
        var id: Int
        var name: String
        var tags: [String]
    }

    struct Wrapper: Codable { var items: [Item] }

    func decodingError<T: Decodable>(_ type: T.Type, _ text: String) -> DecodingError? {
        do {
            _ = try PayloadDecoder().decode(type, from: text)
            return nil
        } catch {
            return error as? DecodingError
        }
    }

    func path(_ context: DecodingError.Context) -> [String] { context.codingPath.map(\.stringValue) }

    @Test func missingKey() throws {
        let error = decodingError(Item.self, #"{"id":1,"tags":[]}"#)
        guard case .keyNotFound(let key, let context) = error else {
            Issue.record("got \(String(describing: error))"); return
        }
        #expect(key.stringValue == "name")
        #expect(context.debugDescription == #"no value for key "name" in object"#)
    }

    @Test func typeMismatchNamesExpectedAndFound() throws {
        let error = decodingError(
            Wrapper.self, #"{"items":[{"id":1,"name":"a","tags":[]},{"id":"x","name":"b","tags":[]}]}"#)
        guard case .typeMismatch(let type, let context) = error else {
            Issue.record("got \(String(describing: error))"); return
        }
        #expect(ObjectIdentifier(type) == ObjectIdentifier(Int.self))
        #expect(context.debugDescription == #"expected Int but found string "x""#)
        #expect(path(context) == ["items", "Index 1", "id"])
    }

    /// Decodes on a thread share one decoder object; a decode that failed deep inside
    /// a document must not leave its path or position to the next.
    @Test func aFailedDecodeLeavesNothingForTheNext() throws {
        let deep = decodingError(
            Wrapper.self, #"{"items":[{"id":1,"name":"a","tags":[]},{"id":"x","name":"b","tags":[]}]}"#)
        guard case .typeMismatch(_, let deepContext) = deep else {
            Issue.record("got \(String(describing: deep))"); return
        }
        #expect(path(deepContext) == ["items", "Index 1", "id"])
        let shallow = decodingError(Item.self, #"{"id":"y","name":"a","tags":[]}"#)
        guard case .typeMismatch(_, let context) = shallow else {
            Issue.record("got \(String(describing: shallow))"); return
        }
        #expect(path(context) == ["id"])
        #expect(
            try PayloadDecoder().decode(Item.self, from: #"{"id":2,"name":"b","tags":["t"]}"#)
                == Item(id: 2, name: "b", tags: ["t"]))
    }

    /// Large objects' key indexes belong to one document: the next document's object
    /// at the same tape position has other keys.
    @Test func largeObjectsOfSuccessiveDocumentsAreIndexedAfresh() throws {
        func document(_ prefix: String) -> String {
            "{" + (0..<40).map { #""\#(prefix)\#($0)":\#($0)"# }.joined(separator: ",") + "}"
        }
        let first = try PayloadDecoder().decode([String: Int].self, from: document("a"))
        #expect(first["a39"] == 39)
        struct Probe: Decodable { var b7: Int; var b39: Int }
        let second = try PayloadDecoder().decode(Probe.self, from: document("b"))
        #expect(second.b7 == 7 && second.b39 == 39)
        let third = try PayloadDecoder().decode(
            Probe.self, from: "{" + document("c").dropFirst().dropLast() + #","b7":70,"b39":390}"#)
        #expect(third.b7 == 70 && third.b39 == 390)
    }

    @Test func mismatchInsideStringArray() throws {
        let error = decodingError(Item.self, #"{"id":1,"name":"a","tags":["ok",7]}"#)
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("got \(String(describing: error))"); return
        }
        #expect(context.debugDescription == "expected String but found number 7")
        #expect(path(context) == ["tags", "Index 1"])
    }

    @Test func nullIsValueNotFound() throws {
        let error = decodingError(Item.self, #"{"id":null,"name":"a","tags":[]}"#)
        guard case .valueNotFound(_, let context) = error else {
            Issue.record("got \(String(describing: error))"); return
        }
        #expect(context.debugDescription == "expected Int but found null")
    }

    @Test func numbersThatDoNotFit() throws {
        guard case .dataCorrupted(let c1) = decodingError(Int8.self, "300") else { Issue.record("no error"); return }
        #expect(c1.debugDescription == "number 300 does not fit in Int8")
        guard case .dataCorrupted(let c2) = decodingError(Int.self, "1.5") else { Issue.record("no error"); return }
        #expect(c2.debugDescription == "number 1.5 is not an integer, expected Int")
        guard case .dataCorrupted = decodingError(UInt.self, "-1") else { Issue.record("no error"); return }
        guard case .dataCorrupted = decodingError(Int64.self, "9223372036854775808") else {
            Issue.record("no error"); return
        }
        guard case .dataCorrupted = decodingError(Double.self, "1e400") else { Issue.record("no error"); return }
        guard case .dataCorrupted = decodingError(Float.self, "1e39") else { Issue.record("no error"); return }
        #expect(try PayloadDecoder().decode(Int.self, from: "1e3") == 1000)
        #expect(try PayloadDecoder().decode(Int.self, from: "-0") == 0)
        #expect(try PayloadDecoder().decode(UInt64.self, from: "18446744073709551615") == .max)
    }

    @Test func syntaxErrorsAreDataCorruptedWithUnderlyingError() throws {
        guard case .dataCorrupted(let context) = decodingError(Item.self, #"{"id":1,"name":"a" "tags":[]}"#) else {
            Issue.record("no error"); return
        }
        #expect(
            context.underlyingError as? JSONSyntaxError
                == JSONSyntaxError(.unexpectedCharacter(UInt8(ascii: "\"")), at: 19))
        #expect(context.debugDescription.contains("unexpected character '\"' at byte 19"))
    }

    @Test func containerKindMismatch() throws {
        let error = decodingError(Item.self, "[1]")
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("got \(String(describing: error))"); return
        }
        #expect(context.debugDescription == "expected object but found array")
        guard case .typeMismatch = decodingError([Int].self, "{}") else { Issue.record("no error"); return }
    }

    @Test func specialTypeErrors() throws {
        guard case .dataCorrupted(let c) = decodingError(Date.self, #""yesterday""#) else {
            Issue.record("no error"); return
        }
        #expect(c.debugDescription.contains(#"found string "yesterday""#))
        guard case .dataCorrupted = decodingError(Data.self, #""***""#) else { Issue.record("no error"); return }
        guard case .typeMismatch = decodingError(Decimal.self, #""1""#) else { Issue.record("no error"); return }
    }

    @Test func unkeyedContainerBehaviour() throws {
        struct Pairs: Decodable {
            var values: [Int?] = []
            var count: Int?
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                count = container.count
                while !container.isAtEnd {
                    if try container.decodeNil() {
                        values.append(nil)
                    } else {
                        values.append(try container.decode(Int.self))
                    }
                }
                #expect(throws: DecodingError.self) { try container.decode(Int.self) }
            }
        }
        let pairs = try PayloadDecoder().decode(Pairs.self, from: "[1,null,3]")
        #expect(pairs.values == [1, nil, 3])
        #expect(pairs.count == 3)
    }

    @Test func keyedContainerQueries() throws {
        struct Probe: Decodable {
            var keys: [String]
            var hasB: Bool
            var missing: Int?
            var nullValue: Int?
            var nestedValue: Int
            var superValue: String
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: PayloadCodingKey.self)
                keys = container.allKeys.map(\.stringValue)
                hasB = container.contains(PayloadCodingKey(stringValue: "b"))
                missing = try container.decodeIfPresent(Int.self, forKey: PayloadCodingKey(stringValue: "zz"))
                nullValue = try container.decodeIfPresent(Int.self, forKey: PayloadCodingKey(stringValue: "n"))
                #expect(try container.decodeNil(forKey: PayloadCodingKey(stringValue: "n")))
                let nested = try container.nestedContainer(
                    keyedBy: PayloadCodingKey.self, forKey: PayloadCodingKey(stringValue: "b"))
                nestedValue = try nested.decode(Int.self, forKey: PayloadCodingKey(stringValue: "c"))
                #expect(nested.codingPath.map(\.stringValue) == ["b"])
                superValue = try String(from: container.superDecoder())
            }
        }
        let probe = try PayloadDecoder().decode(Probe.self, from: #"{"a":1,"b":{"c":2},"n":null,"super":"s"}"#)
        #expect(probe.keys == ["a", "b", "n", "super"])
        #expect(probe.hasB && probe.missing == nil && probe.nullValue == nil)
        #expect(probe.nestedValue == 2 && probe.superValue == "s")
    }

    @Test func largeObjectsUseIndexedLookup() throws {
        var members: [String] = []
        for i in 0..<100 { members.append(#""k\#(i)":\#(i)"#) }
        let text = "{" + members.joined(separator: ",") + #","k5":-1}"#
        let decoded = try PayloadDecoder().decode([String: Int].self, from: text)
        #expect(decoded["k99"] == 99)
        struct Pick: Decodable { var k5: Int; var k77: Int }
        let pick = try PayloadDecoder().decode(Pick.self, from: text)
        #expect(pick.k5 == 5 && pick.k77 == 77) // first occurrence wins
    }
}
