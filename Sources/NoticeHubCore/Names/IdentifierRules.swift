/// The rules shared by notice names and senders: both travel through the
/// journal and the command line, so both must be printable, bounded strings.
package enum IdentifierRules {
    /// Longest accepted identifier, in UTF-8 bytes.
    static let maximumLength = 256

    /// Returns why `text` is not an acceptable identifier, or nil when it is.
    package static func problem(with text: String) -> String? {
        problem(with: text, scan: IdentifierScan(text))
    }

    /// ``problem(with:)`` from a scan of `text` already made.
    static func problem(with text: String, scan: IdentifierScan) -> String? {
        if scan.byteCount == 0 { return "it is empty" }
        if scan.byteCount > maximumLength {
            return "it is \(scan.byteCount) bytes long (at most \(maximumLength) allowed)"
        }
        // Names are nearly always ASCII: the scan checked bytes, and Unicode's
        // tables are asked only about the rare non-ASCII scalar.
        if let byte = scan.controlByte { return "it contains the control character U+\(hex(UInt32(byte)))" }
        if scan.isASCII { return nil }
        for scalar in text.unicodeScalars where scalar.properties.generalCategory == .control {
            return "it contains the control character U+\(hex(scalar.value))"
        }
        return nil
    }

    /// A cheap 64-bit hash of the text, computed once per name so that
    /// dictionary lookups on the post path hash one integer, not a string.
    /// It lives only in this process's memory and may change between
    /// releases; keys shared across processes come from ``StableKey``.
    package static func fingerprint(_ text: String) -> Int {
        Int(truncatingIfNeeded: IdentifierScan(text).fingerprint)
    }

    /// `text` in double quotes with quotes, backslashes and every control
    /// character escaped, so an error message stays on one line.
    package static func quoted(_ text: String) -> String {
        QuotedText.quoted(text, spelling: .controls)
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
