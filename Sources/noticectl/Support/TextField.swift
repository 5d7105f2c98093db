/// A name or sender as one field of `tail`'s text line: as it is when it
/// reads unambiguously, else in double quotes with invisible characters
/// spelled out, so that fields split on spaces and look like what is stored.
enum TextField {
    /// `feed` stays `feed`; `Component A` becomes `"Component A"`, a
    /// zero-width space `\u{200B}`, and a sender named `-` (which would read
    /// as no sender) `"-"`.
    static func shown(_ text: String) -> String {
        guard text == "-" || text.unicodeScalars.contains(where: needsQuoting) else { return text }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case " ": result += " "
            case _ where isInvisible(scalar): result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    private static func needsQuoting(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\"" || scalar == "\\" || scalar == " " || isInvisible(scalar)
    }

    /// Whitespace other than the plain space, control characters, and format
    /// characters: zero-width spaces and joiners, bidirectional controls.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F || (scalar != " " && scalar.properties.isWhitespace) }
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
        default: return scalar.properties.isWhitespace
        }
    }
}
