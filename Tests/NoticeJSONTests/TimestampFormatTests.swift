import Foundation
import Testing
import NoticeJSON
import TestSupport

/// Payload dates and export lines spell instants with `TimestampFormat`:
/// every millisecond of the years 0001–9999 must read back as itself.
struct TimestampFormatTests {
    private static let range = TimestampFormat.millisecondRange

    /// Reads `text` back to milliseconds, or nil.
    private static func read(_ text: String) -> Int64? {
        TimestampFormat.date(from: text).flatMap(TimestampFormat.milliseconds(of:))
    }

    @Test func theRangeIsTheYearsOneToNineThousandNineHundredNinetyNine() {
        #expect(TimestampFormat.string(milliseconds: Self.range.lowerBound) == "0001-01-01T00:00:00.000Z")
        #expect(TimestampFormat.string(milliseconds: Self.range.upperBound) == "9999-12-31T23:59:59.999Z")
        #expect(Self.range.upperBound == 253_402_300_799_999)
        #expect(TimestampFormat.string(milliseconds: Self.range.lowerBound - 1) == nil)
        #expect(TimestampFormat.string(milliseconds: Self.range.upperBound + 1) == nil)
        #expect(TimestampFormat.string(from: Date(timeIntervalSince1970: .infinity)) == nil)
        #expect(TimestampFormat.string(from: Date(timeIntervalSince1970: .nan)) == nil)
        #expect(Self.read("0000-12-31T23:59:59.999Z") == nil)
        #expect(Self.read("10000-01-01T00:00:00.000Z") == nil)
        #expect(Self.read("0001-01-01T00:30:00.000+01:00") == nil)
    }

    @Test func edgesAndLeapDaysReadBackAsWritten() {
        let texts = [
            "0001-01-01T00:00:00.000Z", "0001-12-31T23:59:59.999Z",
            "9999-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z",
            "0004-02-29T00:00:00.000Z", "1600-02-29T23:59:59.999Z", "2000-02-29T12:00:00.000Z",
            "2024-02-29T00:00:00.001Z", "9996-02-29T00:00:00.000Z",
            "1969-12-31T23:59:59.999Z", "1970-01-01T00:00:00.000Z",
        ]
        for text in texts {
            let milliseconds = Self.read(text)
            #expect(milliseconds.flatMap(TimestampFormat.string(milliseconds:)) == text)
        }
        #expect(Self.read("2023-02-29T00:00:00.000Z") == nil)
        #expect(Self.read("2100-02-29T00:00:00.000Z") == nil)
    }

    /// Foundation's Gregorian calendar, and so the style, is Julian before
    /// 1582-10-15: one millisecond earlier is 1582-10-04.
    @Test func datesBeforeTheGregorianReformAreJulian() {
        #expect(TimestampFormat.string(milliseconds: -12_219_292_800_000) == "1582-10-15T00:00:00.000Z")
        #expect(TimestampFormat.string(milliseconds: -12_219_292_800_001) == "1582-10-04T23:59:59.999Z")
    }

    @Test func aSampleOfTheWholeRangeRoundTrips() {
        var generator = SeededGenerator(seed: 0x7153)
        var failures: [Int64] = []
        for _ in 0..<20_000 {
            let milliseconds = Int64.random(in: Self.range, using: &generator)
            guard let text = TimestampFormat.string(milliseconds: milliseconds), text.utf8.count == 24,
                let date = TimestampFormat.date(from: text),
                date == Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            else {
                failures.append(milliseconds)
                continue
            }
        }
        #expect(failures == [])
    }

    @Test func writingRoundsToTheNearestMillisecond() {
        #expect(TimestampFormat.string(from: Date(timeIntervalSince1970: 0.0004)) == "1970-01-01T00:00:00.000Z")
        #expect(TimestampFormat.string(from: Date(timeIntervalSince1970: 0.0006)) == "1970-01-01T00:00:00.001Z")
        #expect(TimestampFormat.string(from: Date(timeIntervalSince1970: -0.0006)) == "1969-12-31T23:59:59.999Z")
        // The nearest Double lies below .123: a truncating writer would print .122.
        #expect(
            TimestampFormat.string(from: Date(timeIntervalSince1970: 1_763_737_445.123)) == "2025-11-21T15:04:05.123Z")
    }

    @Test func readingTakesOffsetsAndAnyFractionLength() {
        let instant = Self.read("2026-11-21T15:04:05.123Z")
        #expect(instant == 1_795_273_445_123)
        #expect(Self.read("2026-11-21T17:04:05.123+02:00") == instant)
        #expect(Self.read("2026-11-21T12:34:05.123-02:30") == instant)
        #expect(Self.read("2026-11-21T15:04:05.123000000Z") == instant)
        #expect(Self.read("2026-11-21T15:04:05.1Z") == instant! - 23)
        #expect(Self.read("2026-11-21T15:04:05Z") == instant! - 123)
        #expect(
            TimestampFormat.date(from: "2026-11-21T15:04:05.123+00:00")
                == Date(timeIntervalSince1970: 1_795_273_445.123))
    }

    @Test(arguments: [
        "", "yesterday", "2026-02-30T00:00:00Z", "2026-11-21T24:00:00Z", "2026-11-21T23:60:00Z",
        "2026-11-21T15:04:05.123Z ", "2026-11-21T15:04:05.123z", "2026-11-21T15:04:05.1234567891Z",
        "2026-11-21T15:04:05.Z", "2026-11-21T15:04:05+0200", "2026-11-21 15:04:05Z",
        "2026-11-21T15:04:05.123", "2026-11-21T15:04:05GMT", "2026-13-01T00:00:00.000Z",
    ])
    func readingRefusesWhatTheFormatDoesNotWrite(text: String) {
        #expect(TimestampFormat.date(from: text) == nil)
    }
}
