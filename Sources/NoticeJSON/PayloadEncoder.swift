import Foundation

/// Encodes `Encodable` values as compact JSON for the notice journal.
///
/// Output: keys in the order they are encoded, no whitespace, `Date` as
/// `"2026-11-21T15:04:05.123Z"` (`TimestampFormat`: UTC, milliseconds, years 0001-9999),
/// `Data` as base64, `URL` as its absolute string, `Decimal` as a JSON number, and
/// `JSONValue` verbatim. `encodeIfPresent` with nil omits the key; non-finite
/// floating-point values and dates outside those years throw `EncodingError.invalidValue`.
///
/// The common case streams straight into a byte buffer (`StreamingEncoder`); call orders
/// a stream cannot represent are retried transparently with `TreeEncoder`, so a value's
/// `encode(to:)` may run twice and must not have side effects.
package struct PayloadEncoder: Sendable {
    package init() {}

    /// Encodes `value` (any JSON value may be top level) as UTF-8 JSON bytes.
    package func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        try EncoderScratch.withEncoder { encoder in
            do {
                try encoder.encodeRoot(value)
            } catch is StreamingEncoder.OrderConflict {
                return try TreeEncoder.encode(value)
            }
            if encoder.needsFallback { return try TreeEncoder.encode(value) }
            return encoder.writer.bytes
        }
    }

    /// Encodes `value` as a JSON string.
    package func encodeToString<T: Encodable>(_ value: T) throws -> String {
        try EncoderScratch.withEncoder { encoder in
            do {
                try encoder.encodeRoot(value)
            } catch is StreamingEncoder.OrderConflict {
                return String(decoding: try TreeEncoder.encode(value), as: UTF8.self)
            }
            if encoder.needsFallback { return String(decoding: try TreeEncoder.encode(value), as: UTF8.self) }
            return encoder.writer.string
        }
    }
}
