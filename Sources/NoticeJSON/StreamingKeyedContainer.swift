import Foundation

/// Keyed container of `StreamingEncoder`: each call writes `,"key":value` in place.
///
/// Keys are written in call order; encoding a key twice writes it twice (JSON readers,
/// including `PayloadDecoder`, then see the first occurrence).
struct StreamingKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: StreamingEncoder
    let depth: Int
    let id: UInt32

    /// Exact while the container is open; empty once a write further out has closed it.
    var codingPath: [any CodingKey] { encoder.path(ofFrame: depth, id: id) }

    @inline(__always)
    private func begin(_ key: Key) throws {
        try encoder.beginElement(depth: depth, id: id)
        encoder.writer.writeString(key.stringValue)
        encoder.writer.append(UInt8(ascii: ":"))
    }

    mutating func encodeNil(forKey key: Key) throws { try begin(key); encoder.writer.append("null") }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        try begin(key)
        encoder.writer.append(value ? "true" : "false")
    }
    mutating func encode(_ value: String, forKey key: Key) throws { try begin(key); encoder.writer.writeString(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        try EncodingSpecialCases.checkFinite(value, codingPath: codingPath + [key])
        try begin(key)
        encoder.writer.writeDouble(value)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        try EncodingSpecialCases.checkFinite(value, codingPath: codingPath + [key])
        try begin(key)
        encoder.writer.writeFloat(value)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        try begin(key); encoder.writer.writeInteger(Int64(value))
    }
    mutating func encode(_ value: Int8, forKey key: Key) throws {
        try begin(key); encoder.writer.writeInteger(Int64(value))
    }
    mutating func encode(_ value: Int16, forKey key: Key) throws {
        try begin(key); encoder.writer.writeInteger(Int64(value))
    }
    mutating func encode(_ value: Int32, forKey key: Key) throws {
        try begin(key); encoder.writer.writeInteger(Int64(value))
    }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try begin(key); encoder.writer.writeInteger(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
        try begin(key); encoder.writer.writeInteger(UInt64(value))
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        try begin(key); encoder.writer.writeInteger(UInt64(value))
    }
    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        try begin(key); encoder.writer.writeInteger(UInt64(value))
    }
    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        try begin(key); encoder.writer.writeInteger(UInt64(value))
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try begin(key); encoder.writer.writeInteger(value) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try begin(key)
        try encoder.encodeNested(value, key: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        // Non-throwing by protocol: on a conflict hand back a container that can only
        // fail (id 0); the encoder is already marked for the fallback.
        let frame: (depth: Int, id: UInt32) =
            (try? begin(key)) != nil ? encoder.openFrame(isObject: true, path: codingPath + [key]) : (depth, 0)
        return KeyedEncodingContainer(
            StreamingKeyedContainer<NestedKey>(encoder: encoder, depth: frame.depth, id: frame.id))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let frame: (depth: Int, id: UInt32) =
            (try? begin(key)) != nil ? encoder.openFrame(isObject: false, path: codingPath + [key]) : (depth, 0)
        return StreamingUnkeyedContainer(encoder: encoder, depth: frame.depth, id: frame.id)
    }

    mutating func superEncoder() -> any Encoder {
        _ = encoder.conflict()
        return StreamingEncoder()
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        _ = encoder.conflict()
        return StreamingEncoder()
    }
}
