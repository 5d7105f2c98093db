import Foundation

/// Converts number text that the tape parser already validated into Swift numbers.
///
/// Integers are read exactly with overflow detection; doubles take Clinger's exact fast
/// path when the digits allow it and fall back to the C library's correctly rounded
/// conversion otherwise, so results always match `Double(String)`.
enum JSONNumberReader {
    /// Reads integer-form text (`-?digits`); nil when it does not fit in Int64.
    static func int64(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
        var i = 0
        let negative = text[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        let digitCount = text.count - i
        if digitCount <= 18 {
            // 18 decimal digits always fit, so skip the overflow arithmetic.
            var value: Int64 = 0
            while i < text.count {
                value = value &* 10 &+ Int64(text[i] &- UInt8(ascii: "0"))
                i += 1
            }
            return negative ? -value : value
        }
        // Accumulate toward the sign so Int64.min is representable.
        var value: Int64 = 0
        while i < text.count {
            let digit = Int64(text[i] &- UInt8(ascii: "0"))
            let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) =
                negative
                ? shifted.subtractingReportingOverflow(digit)
                : shifted.addingReportingOverflow(digit)
            if o1 || o2 { return nil }
            value = next
            i += 1
        }
        return value
    }

    /// Reads integer-form text into UInt64; nil when negative (other than `-0`) or too big.
    static func uint64(_ text: UnsafeBufferPointer<UInt8>) -> UInt64? {
        var i = 0
        if text[0] == UInt8(ascii: "-") {
            // The grammar forbids leading zeros, so "-0" is the only non-negative form.
            return text.count == 2 && text[1] == UInt8(ascii: "0") ? 0 : nil
        }
        var value: UInt64 = 0
        while i < text.count {
            let digit = UInt64(text[i] &- UInt8(ascii: "0"))
            let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = shifted.addingReportingOverflow(digit)
            if o1 || o2 { return nil }
            value = next
            i += 1
        }
        return value
    }

    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Reads any valid JSON number text; out-of-range magnitudes come back as ±infinity
    /// so callers can report them with context.
    static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        let n = text.count
        var i = 0
        let negative = text[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        var mantissa: UInt64 = 0
        var exponent = 0
        var exact = true
        while i < n, text[i] &- UInt8(ascii: "0") < 10 {
            if mantissa < 100_000_000_000_000_000 {
                mantissa = mantissa * 10 + UInt64(text[i] &- UInt8(ascii: "0"))
            } else {
                exact = false
            }
            i += 1
        }
        if i < n && text[i] == UInt8(ascii: ".") {
            i += 1
            while i < n, text[i] &- UInt8(ascii: "0") < 10 {
                if mantissa < 100_000_000_000_000_000 {
                    mantissa = mantissa * 10 + UInt64(text[i] &- UInt8(ascii: "0"))
                    exponent -= 1
                } else {
                    exact = false
                }
                i += 1
            }
        }
        if i < n { // exponent part: [eE][+-]?digits
            i += 1
            var exponentNegative = false
            if text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
                exponentNegative = text[i] == UInt8(ascii: "-")
                i += 1
            }
            var written = 0
            while i < n {
                if written < 100_000 { written = written * 10 + Int(text[i] &- UInt8(ascii: "0")) }
                i += 1
            }
            exponent += exponentNegative ? -written : written
        }
        if exact && mantissa <= 1 << 53 && exponent >= -22 && exponent <= 22 {
            // Both operands are exact, so one IEEE operation gives the correctly rounded result.
            var value = Double(mantissa)
            if exponent < 0 {
                value /= exactPowersOfTen[-exponent]
            } else {
                value *= exactPowersOfTen[exponent]
            }
            return negative ? -value : value
        }
        return Double(String(decoding: text, as: UTF8.self)) ?? .nan
    }
}
