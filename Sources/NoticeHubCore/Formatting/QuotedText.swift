/// Text in double quotes that stays on one line and shows what is stored:
/// `"` and `\` are escaped, a line feed, tab or carriage return reads `\n`,
/// `\t` or `\r`, and every other scalar that would not show is spelled by its
/// hexadecimal value, `\u{200B}`. The one escaping routine of the library's
/// messages and of `noticectl`'s text fields; JSON strings have their own
/// spelling, which the JSON writer owns.
package enum QuotedText {
    /// Which scalars are spelled by value.
    package enum Spelled: Sendable {
        /// Control characters (general category Cc): enough for an error
        /// message to stay on one line.
        case controls
        /// Also format characters (zero-width spaces and joiners,
        /// bidirectional controls), separators other than the plain space,
        /// and other whitespace: a field must not look like another text.
        case invisibles
    }

    /// `text` quoted, with the scalars of `spelled` written by value.
    package static func quoted(_ text: String, spelling spelled: Spelled) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where isSpelled(scalar, spelled):
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// Whether `quoted(_:spelling:)` writes `scalar` by value.
    package static func isSpelled(_ scalar: Unicode.Scalar, _ spelled: Spelled) -> Bool {
        if scalar.isASCII {
            // Every ASCII whitespace but the space is a control character.
            return scalar.value < 0x20 || scalar.value == 0x7F
        }
        let category = scalar.properties.generalCategory
        switch spelled {
        case .controls:
            return category == .control
        case .invisibles:
            switch category {
            case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
            default: return scalar.properties.isWhitespace
            }
        }
    }
}
