package import Foundation

/// The one spelling of instants in payloads and export lines,
/// `2026-11-21T15:04:05.123Z`: Foundation's ISO-8601 format style in UTC with
/// milliseconds, plus the three things the style leaves to its callers.
///
/// - Writing rounds to the nearest millisecond; the style alone truncates, and
///   the nearest `Double` to a whole millisecond often lies just below it.
/// - Reading is as strict as writing is narrow: the style alone rolls
///   `02-30` over into March, takes `24:00` and ignores text after the zone.
///   Accepted: the date and time fields, then no fraction or 1–9 fraction
///   digits, then `Z` or a `±HH:MM` offset.
/// - Both stop at ``millisecondRange``, the years 0001–9999; the style would
///   write year 10000 and read year 0000.
///
/// Dates before 1582-10-15 are in the Julian calendar, as in Foundation's
/// Gregorian calendar, so their digits differ from a proleptic Gregorian
/// writer's by a few days; every instant of the range still reads back as the
/// millisecond it was written from.
package enum TimestampFormat {
    /// One shared style: a format style is a `Sendable` value, so no call
    /// builds a formatter.
    private static let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt)

    /// The instants, in milliseconds since 1970, that `string` writes and
    /// `date` reads back: `0001-01-01T00:00:00.000Z` to `9999-12-31T23:59:59.999Z`.
    package static let millisecondRange: ClosedRange<Int64> = {
        let first = try! style.parse("0001-01-01T00:00:00.000Z")
        let last = try! style.parse("9999-12-31T23:59:59.999Z")
        return milliseconds(of: first)!...milliseconds(of: last)!
    }()

    /// `date` to the nearest millisecond; nil when that is not finite or far
    /// beyond any timestamp.
    package static func milliseconds(of date: Date) -> Int64? {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e13 else { return nil }
        return Int64((seconds * 1000).rounded())
    }

    /// nil when the instant, to the nearest millisecond, is outside ``millisecondRange``.
    package static func string(from date: Date) -> String? {
        milliseconds(of: date).flatMap(string(milliseconds:))
    }

    /// nil when `milliseconds` is outside ``millisecondRange``.
    package static func string(milliseconds: Int64) -> String? {
        guard millisecondRange.contains(milliseconds) else { return nil }
        return render(milliseconds)
    }

    /// The instant `text` names, or nil when it is not a timestamp of the shape
    /// above, names no real date and time, or lies outside ``millisecondRange``.
    /// A whole number of milliseconds reads back as exactly the `Date` of that
    /// many milliseconds since 1970.
    package static func date(from text: String) -> Date? {
        guard let parsed = try? style.parse(text), let milliseconds = milliseconds(of: parsed),
            millisecondRange.contains(milliseconds)
        else { return nil }
        let exact = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        let utf8 = text.utf8
        if utf8.count == 24, utf8.last == UInt8(ascii: "Z") {
            // The only valid text of this length is what `string` writes, and
            // it is sound exactly when it is written back unchanged.
            return render(milliseconds) == text ? exact : nil
        }
        guard utf8.count > 19, let fields = String(utf8.prefix(19)), let rest = String(utf8.dropFirst(19)),
            let zone = rest.wholeMatch(of: #/(?:\.([0-9]{1,9}))?(?:Z|[+-][0-9]{2}:[0-9]{2})/#),
            let whole = try? style.parse(fields + "Z"), let wholeMilliseconds = Self.milliseconds(of: whole),
            render(wholeMilliseconds).utf8.prefix(19).elementsEqual(fields.utf8)
        else { return nil }
        let fraction = zone.output.1 ?? ""
        return fraction.dropFirst(3).allSatisfy { $0 == "0" } ? exact : parsed
    }

    /// The text of a whole millisecond. The style truncates, so it formats the
    /// middle of the millisecond, far from either edge whatever the rounding
    /// of the `Double` in between.
    private static func render(_ milliseconds: Int64) -> String {
        style.format(Date(timeIntervalSince1970: (Double(milliseconds) + 0.5) / 1000))
    }
}
