import NoticeHubCore
import Testing

/// What an erasure key's value matches besides the string, and the fields
/// it refuses before anything is read.
struct ErasureKeyTests {
    @Test(arguments: [
        ("42", ErasureNumber.integer(42)), ("-7", .integer(-7)), ("0", .integer(0)), ("-1.5", .real(-1.5)),
        ("2e3", .real(2_000)), ("1.0E-2", .real(0.01)),
    ])
    func aValueWrittenAsAJSONNumberAlsoMatchesTheNumber(value: String, number: ErasureNumber) {
        #expect(ErasureKey(field: "user", value: value).number == number)
    }

    @Test(arguments: ["alice", "042", "+1", "1.", ".5", "0x10", "1e", "NaN", "inf", " 1", "", "true"])
    func anyOtherValueMatchesTheStringOnly(value: String) {
        #expect(ErasureKey(field: "user", value: value).number == nil)
    }

    @Test func theFieldsRulesAreChecked() {
        #expect(ErasureKey(field: "user", value: "alice").problem == nil)
        #expect(ErasureKey(field: "user.name", value: "alice").problem == nil, "a dot is part of the member's name")
        #expect(ErasureKey(field: "", value: "x").problem == "the field must be 1 to 256 bytes, not 0")
        #expect(ErasureKey(field: String(repeating: "é", count: 129), value: "x").problem != nil)
        for field in ["a\"b", "a\\b", "a\tb"] {
            #expect(ErasureKey(field: field, value: "x").problem != nil, "\(field)")
        }
        #expect(ErasureKey(field: "user", value: String(repeating: "x", count: 4_097)).problem != nil)
        #expect(ErasureKey(field: "user", value: "alice").description == "user=alice")
    }
}
