import Foundation
import Testing
import NoticeJSON

@Suite("Parser conformance")
struct ParserConformanceTests {
    static let valid: [String] = [
        "0", "-0", "1", "-1", "123456789", "1.5", "-1.5e10", "1E+2", "1e-2", "0.0", "1e2",
        "true", "false", "null", #""""#, #""a""#, #""\u0000""#, #""\ud83d\ude00""#, #""\/\b\f\n\r\t\"\\""#,
        "[]", "{}", "[[]]", #"{"a":{}}"#, " [ 1 , 2 ] ", "\t\n\r {\"a\" : [ true , false , null ] } \n",
        #"{"a":1,"a":2}"#, #"["é","漢","🚀"]"#, "[1,[2,[3,[4]]]]", "-9223372036854775808", "18446744073709551616",
        "[" + String(repeating: "[", count: 511) + String(repeating: "]", count: 511) + "]",
    ]

    static let invalid: [(String, String)] = [
        ("", "unexpected end of input at byte 0"),
        (" ", "unexpected end of input at byte 1"),
        ("[1,]", "unexpected character ']' at byte 3"),
        ("01", "invalid number at byte 0"),
        ("-", "invalid number at byte 0"),
        ("1.", "invalid number at byte 0"),
        (".5", "unexpected character '.' at byte 0"),
        ("1e", "invalid number at byte 0"),
        ("+1", "unexpected character '+' at byte 0"),
        ("NaN", "unexpected character 'N' at byte 0"),
        ("Infinity", "unexpected character 'I' at byte 0"),
        (#""\ud800""#, "unpaired UTF-16 surrogate escape at byte 1"),
        (#""\udc00""#, "unpaired UTF-16 surrogate escape at byte 1"),
        (#""\ud800\u0041""#, "unpaired UTF-16 surrogate escape at byte 1"),
        (#"{"a" 1}"#, "unexpected character '1' at byte 5"),
        (#"{"a":1,}"#, "unexpected character '}' at byte 7"),
        (#"{a:1}"#, "unexpected character 'a' at byte 1"),
        (#"{"a":1"#, "unexpected end of input at byte 6"),
        ("[1 2]", "unexpected character '2' at byte 3"),
        ("[1] x", "unexpected character 'x' after the end of the document at byte 4"),
        ("1 2", "unexpected character '2' after the end of the document at byte 2"),
        (#""abc"#, "unterminated string at byte 0"),
        ("[\"a\nb\"]", "unescaped control character 0x0A in string at byte 3"),
        (#""\x""#, "invalid escape sequence at byte 1"),
        (#""\u12G4""#, "invalid escape sequence at byte 1"),
        ("// comment\n1", "unexpected character '/' at byte 0"),
        ("[1] /* c */", "unexpected character '/' after the end of the document at byte 4"),
        ("tru", "unexpected end of input at byte 3"),
        ("nul1", "unexpected character '1' at byte 3"),
        ("'a'", "unexpected character ''' at byte 0"),
        ("[,1]", "unexpected character ',' at byte 1"),
        ("1e400", "number out of range at byte 0"),
    ]

    @Test(arguments: valid)
    func acceptsValidDocuments(_ text: String) throws {
        let value = try JSONParser.parse(text)
        // Re-serialising and parsing again must be a fixed point.
        let again = try JSONParser.parse(value.serialized())
        #expect(again == value)
        #expect(again.serialized() == value.serialized())
    }

    @Test(arguments: invalid)
    func rejectsInvalidDocuments(_ text: String, _ message: String) {
        #expect {
            _ = try JSONParser.parse(text)
        } throws: { error in
            (error as? JSONSyntaxError)?.description == message
        }
    }

    @Test func rejectsInvalidUTF8() {
        let cases: [[UInt8]] = [
            [0x22, 0xFF, 0x22], // never valid
            [0x22, 0xC0, 0xAF, 0x22], // overlong '/'
            [0x22, 0xE0, 0x80, 0xAF, 0x22], // overlong 3-byte
            [0x22, 0xED, 0xA0, 0x80, 0x22], // encoded surrogate U+D800
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], // above U+10FFFF
            [0x22, 0xC3, 0x22], // truncated sequence
            [0x22, 0x80, 0x22], // lone continuation byte
        ]
        for bytes in cases {
            #expect(throws: JSONSyntaxError(.invalidUTF8, at: 1)) { try JSONParser.parse(bytes) }
        }
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse([0xEF, 0xBB, 0xBF, 0x31]) } // BOM
    }

    @Test func nestingLimit() throws {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(try JSONParser.parse(ok) != .null)
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(throws: JSONSyntaxError(.nestingTooDeep(limit: 512), at: 512)) { try JSONParser.parse(tooDeep) }
        let hostile = String(repeating: "[", count: 100_000)
        #expect(throws: JSONSyntaxError(.nestingTooDeep(limit: 512), at: 512)) { try JSONParser.parse(hostile) }
        let objects = String(repeating: #"{"a":"#, count: 100_000)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(objects) }
        #expect(throws: DecodingError.self) { try PayloadDecoder().decode(JSONValue.self, from: hostile) }
    }

    @Test func numbersKeepTheirKind() throws {
        #expect(try JSONParser.parse("42") == .int(42))
        #expect(try JSONParser.parse("-9223372036854775808") == .int(.min))
        // Beyond Int64, or non-zero yet below Double's range: kept as written.
        #expect(try JSONParser.parse("9223372036854775808") == .number("9223372036854775808"))
        #expect(try JSONParser.parse("-12345678901234567890123").serialized() == "-12345678901234567890123")
        #expect(try JSONParser.parse("1e-400") == .number("1e-400"))
        #expect(try JSONParser.parse("0e-5") == .double(0))
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse("1" + String(repeating: "0", count: 400)) }
        #expect(try JSONParser.parse("3.0") == .double(3))
        #expect(try JSONParser.parse("1E2") == .double(100))
        let negativeZero = try JSONParser.parse("-0")
        guard case .double(let zero) = negativeZero else { Issue.record("expected double"); return }
        #expect(zero == 0 && zero.sign == .minus)
    }

    @Test func serializationIsCompactAndCanonical() throws {
        let text = #"{"b":[1,2.5,-0.0,1e+20,"x\n\"\\/é",true,null],"a":{},"b":[]}"#
        #expect(try JSONParser.parse(text).serialized() == text)
        let spaced = "{ \"k\" : [ 1 , 2 ] }"
        #expect(try JSONParser.parse(spaced).serialized() == #"{"k":[1,2]}"#)
        #expect(JSONValue.string("\u{1}\u{1F}\u{7F}").serialized() == "\"\\u0001\\u001f\u{7F}\"")
        #expect(JSONValue.double(.infinity).serialized() == "null")
    }

    @Test func keyOrderAndDuplicatesArePreserved() throws {
        let text = #"{"z":1,"a":2,"z":3}"#
        let value = try JSONParser.parse(text)
        guard case .object(let members) = value else { Issue.record("expected object"); return }
        #expect(members.map(\.key) == ["z", "a", "z"])
        #expect(value["z"] == .int(1))
        #expect(value.serialized() == text)
    }
}
