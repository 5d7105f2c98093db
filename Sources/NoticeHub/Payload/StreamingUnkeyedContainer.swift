import Foundation

/// Unkeyed container of `StreamingEncoder`: each call writes `,value` in place.
///
/// Deliberately three words (the coding path lives in the encoder's frame) so that
/// `any UnkeyedEncodingContainer` stores it inline instead of allocating a box.
struct StreamingUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: StreamingEncoder
    private let depth: UInt32
    private let id: UInt32
    private(set) var count = 0

    init(encoder: StreamingEncoder, depth: Int, id: UInt32) {
        self.encoder = encoder
        self.depth = UInt32(depth)
        self.id = id
    }

    /// Exact while the container is open; empty once a write further out has closed it.
    var codingPath: [any CodingKey] { encoder.path(ofFrame: Int(depth), id: id) }

    @inline(__always)
    private mutating func begin() throws {
        try encoder.beginElement(depth: Int(depth), id: id)
        count += 1
    }

    private var nextPath: [any CodingKey] { codingPath + [ArrayIndexKey(count)] }

    mutating func encodeNil() throws { try begin(); encoder.writer.append("null") }
    mutating func encode(_ value: Bool) throws { try begin(); encoder.writer.append(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { try begin(); encoder.writer.writeString(value) }
    mutating func encode(_ value: Double) throws {
        try EncodingSpecialCases.checkFinite(value, codingPath: nextPath)
        try begin()
        encoder.writer.writeDouble(value)
    }
    mutating func encode(_ value: Float) throws {
        try EncodingSpecialCases.checkFinite(value, codingPath: nextPath)
        try begin()
        encoder.writer.writeFloat(value)
    }
    mutating func encode(_ value: Int) throws { try begin(); encoder.writer.writeInteger(Int64(value)) }
    mutating func encode(_ value: Int8) throws { try begin(); encoder.writer.writeInteger(Int64(value)) }
    mutating func encode(_ value: Int16) throws { try begin(); encoder.writer.writeInteger(Int64(value)) }
    mutating func encode(_ value: Int32) throws { try begin(); encoder.writer.writeInteger(Int64(value)) }
    mutating func encode(_ value: Int64) throws { try begin(); encoder.writer.writeInteger(value) }
    mutating func encode(_ value: UInt) throws { try begin(); encoder.writer.writeInteger(UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { try begin(); encoder.writer.writeInteger(UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { try begin(); encoder.writer.writeInteger(UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { try begin(); encoder.writer.writeInteger(UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { try begin(); encoder.writer.writeInteger(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let index = count
        try begin()
        try encoder.encodeNested(value, key: ArrayIndexKey(index))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath
        let frame: (depth: Int, id: UInt32) =
            (try? begin()) != nil ? encoder.openFrame(isObject: true, path: path) : (Int(depth), 0)
        return KeyedEncodingContainer(StreamingKeyedContainer<NestedKey>(encoder: encoder, depth: frame.depth, id: frame.id))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        let frame: (depth: Int, id: UInt32) =
            (try? begin()) != nil ? encoder.openFrame(isObject: false, path: path) : (Int(depth), 0)
        return StreamingUnkeyedContainer(encoder: encoder, depth: frame.depth, id: frame.id)
    }

    mutating func superEncoder() -> any Encoder {
        _ = encoder.conflict()
        return StreamingEncoder()
    }
}
