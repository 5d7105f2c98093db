import Foundation

/// The encode-side rules both encoders share: types with a fixed JSON spelling that must
/// not go through their own `Encodable` conformance, and rejection of non-finite floats.
///
/// The checks compare metatypes, which costs a pointer comparison per nested value, so
/// ordinary types pay almost nothing for the special cases.
package enum EncodingSpecialCases {
    /// Writes `value` if its type has a fixed spelling; false when it must be encoded
    /// through its own `encode(to:)`.
    static func write<T: Encodable>(
        _ value: T, into writer: inout ByteWriter, codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> Bool {
        if T.self == JSONValue.self {
            (value as! JSONValue).write(into: &writer)
        } else if T.self == Date.self {
            guard let text = TimestampFormat.string(from: value as! Date) else {
                throw EncodingError.invalidValue(
                    value,
                    EncodingError.Context(
                        codingPath: codingPath(),
                        debugDescription:
                            "Date \(value) cannot be written as an ISO-8601 timestamp (years 0001-9999 only)"))
            }
            writer.writeString(text)
        } else if T.self == Data.self {
            writer.writeString((value as! Data).base64EncodedString())
        } else if T.self == URL.self {
            writer.writeString((value as! URL).absoluteString)
        } else if T.self == Decimal.self {
            let decimal = value as! Decimal
            guard !decimal.isNaN else {
                throw EncodingError.invalidValue(
                    value,
                    EncodingError.Context(
                        codingPath: codingPath(), debugDescription: "Decimal NaN cannot be written as a JSON number"))
            }
            writer.appendRaw(decimal.description)
        } else {
            return false
        }
        return true
    }

    /// JSON has no spelling for infinities or NaN; Foundation's default strategy throws too.
    @inline(__always)
    package static func checkFinite<F: BinaryFloatingPoint>(
        _ value: F, codingPath: @autoclosure () -> [any CodingKey]
    ) throws {
        if _slowPath(!value.isFinite) {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: codingPath(),
                    debugDescription: "unable to encode \(F.self) \(value) as JSON: only finite numbers are allowed"))
        }
    }
}
