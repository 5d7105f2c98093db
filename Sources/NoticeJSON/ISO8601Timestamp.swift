package import Foundation

/// Fixed-format UTC timestamps, `YYYY-MM-DDTHH:MM:SS.mmmZ`, done by hand because
/// `ISO8601DateFormatter` costs microseconds per call and is not Sendable.
///
/// Encoding rounds to the nearest millisecond. Decoding also accepts no fraction, 1–9
/// fraction digits, and a `±HH:MM` offset instead of `Z`.
package enum ISO8601Timestamp {
    private static let secondsPerDay: Int64 = 86_400

    /// The instants, in milliseconds since 1970, that `format` writes and
    /// `parse` reads back: years 0000 to 9999.
    package static let millisecondRange: ClosedRange<Int64> =
        daysFromCivil(year: 0, month: 1, day: 1) * secondsPerDay * 1000
            ... (daysFromCivil(year: 9999, month: 12, day: 31) + 1) * secondsPerDay * 1000 - 1

    /// nil when the instant is not finite or falls outside years 0000–9999.
    package static func format(_ date: Date) -> String? {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e12 else { return nil }
        let totalMillis = Int64((seconds * 1000).rounded())
        let millis = Int((totalMillis % 1000 + 1000) % 1000)
        let totalSeconds = (totalMillis - Int64(millis)) / 1000
        var days = totalSeconds / secondsPerDay
        var secondOfDay = totalSeconds % secondsPerDay
        if secondOfDay < 0 {
            secondOfDay += secondsPerDay
            days -= 1
        }
        let (year, month, day) = civil(fromDays: days)
        guard (0...9999).contains(year) else { return nil }
        var text = [UInt8]()
        text.reserveCapacity(24)
        func put(_ value: Int, width: Int) {
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            var remaining = value
            while divisor > 0 {
                text.append(UInt8(ascii: "0") + UInt8(remaining / divisor))
                remaining %= divisor
                divisor /= 10
            }
        }
        put(year, width: 4); text.append(UInt8(ascii: "-"))
        put(month, width: 2); text.append(UInt8(ascii: "-"))
        put(day, width: 2); text.append(UInt8(ascii: "T"))
        put(Int(secondOfDay / 3600), width: 2); text.append(UInt8(ascii: ":"))
        put(Int(secondOfDay / 60 % 60), width: 2); text.append(UInt8(ascii: ":"))
        put(Int(secondOfDay % 60), width: 2); text.append(UInt8(ascii: "."))
        put(millis, width: 3); text.append(UInt8(ascii: "Z"))
        return String(decoding: text, as: UTF8.self)
    }

    package static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    package static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Date? {
        var i = 0
        func number(_ width: Int) -> Int? {
            guard i + width <= text.count else { return nil }
            var value = 0
            for _ in 0..<width {
                let digit = text[i] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
                i += 1
            }
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard i < text.count, text[i] == byte else { return false }
            i += 1
            return true
        }
        guard let year = number(4), expect(UInt8(ascii: "-")),
              let month = number(2), expect(UInt8(ascii: "-")),
              let day = number(2), expect(UInt8(ascii: "T")),
              let hour = number(2), expect(UInt8(ascii: ":")),
              let minute = number(2), expect(UInt8(ascii: ":")),
              let second = number(2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
              hour < 24, minute < 60, second < 60
        else { return nil }
        var nanos = 0
        if expect(UInt8(ascii: ".")) {
            var digits = 0
            while i < text.count, text[i] &- UInt8(ascii: "0") < 10 {
                guard digits < 9 else { return nil }
                nanos = nanos * 10 + Int(text[i] - UInt8(ascii: "0"))
                digits += 1
                i += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<9 { nanos *= 10 }
        }
        var offsetSeconds = 0
        if !expect(UInt8(ascii: "Z")) {
            guard i < text.count, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") else { return nil }
            let sign = text[i] == UInt8(ascii: "-") ? -1 : 1
            i += 1
            guard let offsetHours = number(2), expect(UInt8(ascii: ":")), let offsetMinutes = number(2),
                  offsetHours < 24, offsetMinutes < 60
            else { return nil }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        }
        guard i == text.count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let whole = days * secondsPerDay + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
        if nanos % 1_000_000 == 0 {
            // One correctly rounded division of exact integers: a formatted date reads back
            // as the same Double as a literal with those digits.
            return Date(timeIntervalSince1970: Double(whole * 1000 + Int64(nanos / 1_000_000)) / 1000)
        }
        return Date(timeIntervalSince1970: Double(whole) + Double(nanos) / 1_000_000_000)
    }

    private static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (era-based algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let m = Int64(month)
        let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }
}
