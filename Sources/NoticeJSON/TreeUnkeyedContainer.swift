import Foundation

/// Unkeyed container of `TreeEncoder`: appends element nodes in call order.
struct TreeUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: TreeEncoder
    let node: TreeNode
    let codingPath: [any CodingKey]
    var count: Int { node.elements.count }

    private func child() -> TreeNode {
        let child = TreeNode()
        node.elements.append(child)
        return child
    }

    private func scalar(_ body: (inout ByteWriter) throws -> Void) rethrows {
        try child().setFragment(body)
    }

    private var nextPath: [any CodingKey] { codingPath + [ArrayIndexKey(count)] }

    mutating func encodeNil() throws { scalar { $0.append("null") } }
    mutating func encode(_ value: Bool) throws { scalar { $0.append(value ? "true" : "false") } }
    mutating func encode(_ value: String) throws { scalar { $0.writeString(value) } }
    mutating func encode(_ value: Double) throws {
        try EncodingSpecialCases.checkFinite(value, codingPath: nextPath)
        scalar { $0.writeDouble(value) }
    }
    mutating func encode(_ value: Float) throws {
        try EncodingSpecialCases.checkFinite(value, codingPath: nextPath)
        scalar { $0.writeFloat(value) }
    }
    mutating func encode(_ value: Int) throws { scalar { $0.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int8) throws { scalar { $0.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int16) throws { scalar { $0.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int32) throws { scalar { $0.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int64) throws { scalar { $0.writeInteger(value) } }
    mutating func encode(_ value: UInt) throws { scalar { $0.writeInteger(UInt64(value)) } }
    mutating func encode(_ value: UInt8) throws { scalar { $0.writeInteger(UInt64(value)) } }
    mutating func encode(_ value: UInt16) throws { scalar { $0.writeInteger(UInt64(value)) } }
    mutating func encode(_ value: UInt32) throws { scalar { $0.writeInteger(UInt64(value)) } }
    mutating func encode(_ value: UInt64) throws { scalar { $0.writeInteger(value) } }

    mutating func encode<T: Encodable>(_ value: T) throws {
        // Attached only once encoded, so a caught error leaves no half-written element.
        let child = TreeNode()
        try encoder.encode(value, into: child, codingPath: nextPath)
        node.elements.append(child)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        let path = nextPath
        let nested = child()
        nested.kind = .object
        return KeyedEncodingContainer(TreeKeyedContainer<NestedKey>(encoder: encoder, node: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        let nested = child()
        nested.kind = .array
        return TreeUnkeyedContainer(encoder: encoder, node: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        return TreeEncoder(node: child(), codingPath: path, context: encoder.context)
    }
}
