/// What marks the notices of one person, account or device in their
/// payloads: a top-level ``field`` holding ``value``. ``HubJournal/erase(_:names:)``
/// erases the notices that carry it.
///
/// A payload carries the key when it is a JSON object whose member
/// ``field`` is the string ``value``, or a number equal to ``value`` when
/// ``value`` is written as a JSON number: `user=42` matches `{"user": 42}`
/// and `{"user": "42"}`, `user=alice` matches `{"user": "alice"}` only. Nested
/// members, arrays, booleans and nulls never match.
///
/// ```swift
/// let key = ErasureKey(field: "user", value: "alice")
/// ```
public struct ErasureKey: Sendable, Hashable, CustomStringConvertible {
    /// The top-level member of the payloads (`user`): 1 to 256 bytes,
    /// without control characters or double quotes.
    public var field: String
    /// The value it holds in the notices to erase, as text.
    public var value: String

    public init(field: String, value: String) {
        self.field = field
        self.value = value
    }

    /// `FIELD=VALUE`, as `noticectl erase --key` takes it.
    public var description: String { "\(field)=\(value)" }

    /// ``value`` as a JSON number, when it is written as one (`42`, `-1.5`,
    /// `2e3`; not `042` or `+1`): the number the field may hold instead of
    /// the string. Integers are kept exact.
    package var number: ErasureNumber? {
        guard value.wholeMatch(of: /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/) != nil else { return nil }
        if let integer = Int64(value) { return .integer(integer) }
        guard let real = Double(value), real.isFinite else { return nil }
        return .real(real)
    }

    /// Why the key cannot be used, or nil: the field's rules, which every
    /// backend's path syntax accepts.
    package var problem: String? {
        if field.isEmpty || field.utf8.count > 256 {
            return "the field must be 1 to 256 bytes, not \(field.utf8.count)"
        }
        if field.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\"" || $0 == "\\" }) {
            return "the field must hold no control characters, quotes or backslashes"
        }
        if value.utf8.count > 4_096 { return "the value must be at most 4096 bytes, not \(value.utf8.count)" }
        return nil
    }

    /// The JSON path of ``field`` in SQLite's syntax: `$."user"`.
    package var sqlitePath: String { "$.\"\(field)\"" }
}

/// A number an ``ErasureKey``'s value is written as, bound as the backend's
/// integer or floating-point value.
package enum ErasureNumber: Sendable, Equatable {
    case integer(Int64)
    case real(Double)
}
