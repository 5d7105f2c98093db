import Foundation

/// Keyed container of `TreeEncoder`: appends `(key, node)` members in call order.
struct TreeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: TreeEncoder
    let node: TreeNode
    let codingPath: [any CodingKey]

    private func child(_ key: Key) -> TreeNode {
        let child = TreeNode()
        node.members.append((key: key.stringValue, node: child))
        return child
    }

    private func scalar(_ key: Key, _ body: (inout ByteWriter) throws -> Void) rethrows {
        try child(key).setFragment(body)
    }

    mutating func encodeNil(forKey key: Key) throws { scalar(key) { $0.append("null") } }
    mutating func encode(_ value: Bool, forKey key: Key) throws { scalar(key) { $0.append(value ? "true" : "false") } }
    mutating func encode(_ value: String, forKey key: Key) throws { scalar(key) { $0.writeString(value) } }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        try EncodingSpecialCases.checkFinite(value, codingPath: codingPath + [key])
        scalar(key) { $0.writeDouble(value) }
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        try EncodingSpecialCases.checkFinite(value, codingPath: codingPath + [key])
        scalar(key) { $0.writeFloat(value) }
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { scalar(key) { $0.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int8, forKey key: Key) throws { scalar(key) { $0.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int16, forKey key: Key) throws { scalar(key) { $0.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int32, forKey key: Key) throws { scalar(key) { $0.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int64, forKey key: Key) throws { scalar(key) { $0.writeInteger(value) } }
    mutating func encode(_ value: UInt, forKey key: Key) throws { scalar(key) { $0.writeInteger(UInt64(value)) } }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { scalar(key) { $0.writeInteger(UInt64(value)) } }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { scalar(key) { $0.writeInteger(UInt64(value)) } }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { scalar(key) { $0.writeInteger(UInt64(value)) } }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { scalar(key) { $0.writeInteger(value) } }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        // Attached only once encoded, so a caught error leaves no half-written member.
        let child = TreeNode()
        try encoder.encode(value, into: child, codingPath: codingPath + [key])
        node.members.append((key: key.stringValue, node: child))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = child(key)
        nested.kind = .object
        return KeyedEncodingContainer(
            TreeKeyedContainer<NestedKey>(
                encoder: encoder, node: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = child(key)
        nested.kind = .array
        return TreeUnkeyedContainer(encoder: encoder, node: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let nested = TreeNode()
        node.members.append((key: PayloadCodingKey.superKey.stringValue, node: nested))
        return TreeEncoder(node: nested, codingPath: codingPath + [PayloadCodingKey.superKey], context: encoder.context)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        TreeEncoder(node: child(key), codingPath: codingPath + [key], context: encoder.context)
    }
}
