/// JSON for the tool's own listings (feed, profiles, stats), keys in their
/// documented order: Foundation's `JSONEncoder` does not keep key order on
/// Linux, and scripts compare these lines as text.
enum JSONText {
    /// `text` as a JSON string literal.
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// An object from already-encoded values, keys in the order given.
    static func object(_ fields: KeyValuePairs<String, String>) -> String {
        "{" + fields.map { string($0.key) + ":" + $0.value }.joined(separator: ",") + "}"
    }

    /// An array of already-encoded elements.
    static func array(_ elements: [String]) -> String {
        "[" + elements.joined(separator: ",") + "]"
    }

    /// A number, or `null` when absent.
    static func number<Number: BinaryInteger>(_ value: Number?) -> String {
        value.map { "\($0)" } ?? "null"
    }
}
