import Foundation

/// Single value container of `StreamingEncoder`: writes one value into the encoder's
/// current slot. A second value into the same slot is left to `TreeEncoder` to reject.
struct StreamingSingleValueContainer: SingleValueEncodingContainer {
    let encoder: StreamingEncoder
    let slotID: UInt32
    let codingPath: [any CodingKey]

    @inline(__always)
    private func begin() throws { try encoder.beginSingleValue(slotID: slotID) }

    mutating func encodeNil() throws { try begin(); encoder.writer.append("null") }
    mutating func encode(_ value: Bool) throws { try begin(); encoder.writer.append(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { try begin(); encoder.writer.writeString(value) }
    mutating func encode(_ value: Double) throws {
        try EncodingSpecialCases.checkFinite(value, codingPath: codingPath)
        try begin()
        encoder.writer.writeDouble(value)
    }
    mutating func encode(_ value: Float) throws {
        try EncodingSpecialCases.checkFinite(value, codingPath: codingPath)
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
        try encoder.encodeSingle(value, slotID: slotID)
    }
}
