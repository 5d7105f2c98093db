package import Foundation

/// Decodes `Decodable` values from JSON written by `PayloadEncoder` (or any RFC 8259 JSON).
///
/// The document is validated and indexed into a `JSONTape` in one pass, then the type's
/// `init(from:)` reads straight off the tape. Semantics follow Foundation's `JSONDecoder`:
/// `keyNotFound`, `typeMismatch` (`valueNotFound` for null), `dataCorrupted` for numbers
/// that don't fit and for malformed JSON (with the `JSONSyntaxError` as underlying error).
/// Special types match the encoder: `Date` (as `TimestampFormat` reads it: ISO-8601, UTC or
/// an offset, with or without fractional seconds, years 0001-9999),
/// `Data` (base64), `URL`, `Decimal`, and `JSONValue` (key order preserved).
package struct PayloadDecoder: Sendable {
    package init() {}

    package func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
        // A typical payload's tape and decoder are the thread's: no allocation for them.
        try TapeScratch.withLease { lease in
            let tape: JSONTape
            do {
                tape = try JSONTapeParser.parse(bytes, scratch: lease.entries)
            } catch {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: [], debugDescription: "The given data was not valid JSON: \(error)",
                        underlyingError: error))
            }
            defer { tape.release() }
            let decoder = lease.decoder(tape: tape, base: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
            return try decoder.unboxInPlace(type, at: 0, containerPath: [])
        }
    }

    package func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try bytes.withUnsafeBytes { try decode(type, from: $0) }
    }

    package func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try data.withUnsafeBytes { try decode(type, from: $0) }
    }

    package func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
        var text = text
        return try text.withUTF8 { try decode(type, from: UnsafeRawBufferPointer($0)) }
    }
}
