/// The rules shared by notice names and senders: both travel through the
/// journal and the command line, so both must be printable, bounded strings.
enum IdentifierRules {
    /// Longest accepted identifier, in UTF-8 bytes.
    static let maximumLength = 256

    /// Returns why `text` is not an acceptable identifier, or nil when it is.
    static func problem(with text: String) -> String? {
        if text.isEmpty { return "it is empty" }
        if text.utf8.count > maximumLength {
            return "it is \(text.utf8.count) bytes long (at most \(maximumLength) allowed)"
        }
        for scalar in text.unicodeScalars where scalar.properties.generalCategory == .control {
            return "it contains the control character U+\(hex(scalar.value))"
        }
        return nil
    }

    /// `text` in double quotes with quotes, backslashes and every control
    /// character escaped, so an error message stays on one line.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where scalar.properties.generalCategory == .control:
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
