import Foundation

/// Unkeyed container of `StreamingEncoder`: each call writes `,value` in place.
///
/// Deliberately three words (the coding path lives in the encoder's frame) so that
/// `any UnkeyedEncodingContainer` stores it inline instead of allocating a box.
struct StreamingUnkeyedContainer: UnkeyedEncodingContainer, StreamingPrimitiveWriting {
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
    mutating func begin() throws {
        try encoder.beginElement(depth: Int(depth), id: id)
        count += 1
    }

    var pathOfNextValue: [any CodingKey] { codingPath + [ArrayIndexKey(count)] }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let index = count
        try begin()
        try encoder.encodeNested(value, key: ArrayIndexKey(index))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        let path = pathOfNextValue
        let frame: (depth: Int, id: UInt32) =
            (try? begin()) != nil ? encoder.openFrame(isObject: true, path: path) : (Int(depth), 0)
        return KeyedEncodingContainer(
            StreamingKeyedContainer<NestedKey>(encoder: encoder, depth: frame.depth, id: frame.id))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = pathOfNextValue
        let frame: (depth: Int, id: UInt32) =
            (try? begin()) != nil ? encoder.openFrame(isObject: false, path: path) : (Int(depth), 0)
        return StreamingUnkeyedContainer(encoder: encoder, depth: frame.depth, id: frame.id)
    }

    mutating func superEncoder() -> any Encoder {
        _ = encoder.conflict()
        return StreamingEncoder()
    }
}
