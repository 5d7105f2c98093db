import NoticeJSON

/// Encodes an `Encodable` value as one line of compact JSON, its keys in the
/// order its `encode(to:)` writes them.
///
/// A synthesized conformance writes properties in declaration order, so a
/// struct's JSON reads as the struct does and compares as text from run to
/// run, where Foundation's `JSONEncoder` promises sorted keys or no order.
///
/// ```swift
/// struct Item: Encodable {
///     var id: Int
///     var title: String
///     var tags: [String]
/// }
/// let line = try OrderedJSONEncoder().encode(Item(id: 1, title: "Say \"hi\"", tags: ["a"]))
/// // {"id":1,"title":"Say \"hi\"","tags":["a"]}
/// ```
///
/// The output has no whitespace. Strings escape `"`, `\` and the control
/// characters below U+0020, and keep other text as it is. A nil optional
/// property is left out, as synthesized conformances ask through
/// `encodeIfPresent`; to write `null`, encode the optional with
/// `encode(_:forKey:)`. `Date` is written as `"2026-11-21T15:04:05.123Z"`
/// (UTC, to the millisecond, years 0001-9999), `Data` as base64 and `URL` as
/// its absolute string. A non-finite floating-point value, or a date outside
/// those years, throws `EncodingError.invalidValue`.
///
/// A value's `encode(to:)` may run twice (once more when it writes keys in an
/// order a single pass cannot stream), so it must not have side effects.
package struct OrderedJSONEncoder: Sendable {
    /// An encoder; it has no settings.
    package init() {}

    /// `value` as JSON text, without a trailing newline.
    package func encode<T: Encodable>(_ value: T) throws -> String {
        try PayloadEncoder().encodeToString(value)
    }
}
