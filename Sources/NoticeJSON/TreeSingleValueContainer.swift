import Foundation

/// Single value container of `TreeEncoder`: fills its node once; a second value is an
/// `EncodingError` rather than Foundation's trap.
struct TreeSingleValueContainer: SingleValueEncodingContainer {
    let encoder: TreeEncoder
    let node: TreeNode
    let codingPath: [any CodingKey]

    private func claim() throws {
        guard node.kind == .empty else {
            throw EncodingError.invalidValue(
                node.kind,
                EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "a single value container can only encode one value"))
        }
    }

    private func scalar(_ body: (inout ByteWriter) throws -> Void) throws {
        try claim()
        try node.setFragment(body)
    }

    mutating func encodeNil() throws { try scalar { $0.append("null") } }
    mutating func encode(_ value: Bool) throws { try scalar { $0.append(value ? "true" : "false") } }
    mutating func encode(_ value: String) throws { try scalar { $0.writeString(value) } }
    mutating func encode(_ value: Double) throws {
        try EncodingSpecialCases.checkFinite(value, codingPath: codingPath)
        try scalar { $0.writeDouble(value) }
    }
    mutating func encode(_ value: Float) throws {
        try EncodingSpecialCases.checkFinite(value, codingPath: codingPath)
        try scalar { $0.writeFloat(value) }
    }
    mutating func encode(_ value: Int) throws { try scalar { $0.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int8) throws { try scalar { $0.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int16) throws { try scalar { $0.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int32) throws { try scalar { $0.writeInteger(Int64(value)) } }
    mutating func encode(_ value: Int64) throws { try scalar { $0.writeInteger(value) } }
    mutating func encode(_ value: UInt) throws { try scalar { $0.writeInteger(UInt64(value)) } }
    mutating func encode(_ value: UInt8) throws { try scalar { $0.writeInteger(UInt64(value)) } }
    mutating func encode(_ value: UInt16) throws { try scalar { $0.writeInteger(UInt64(value)) } }
    mutating func encode(_ value: UInt32) throws { try scalar { $0.writeInteger(UInt64(value)) } }
    mutating func encode(_ value: UInt64) throws { try scalar { $0.writeInteger(value) } }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try claim()
        try encoder.encode(value, into: node, codingPath: codingPath)
    }
}
