/// The primitive `encode` overloads both streaming containers need, written
/// once: each container only says how to open its next value (`begin`) and
/// which coding path an invalid float is reported at.
package protocol StreamingPrimitiveWriting {
    var encoder: StreamingEncoder { get }
    /// The coding path of the value about to be written, for errors.
    var pathOfNextValue: [any CodingKey] { get }
    /// Opens the next value's place in the output.
    mutating func begin() throws
}

extension StreamingPrimitiveWriting {
    package mutating func encodeNil() throws { try begin(); encoder.writer.append("null") }
    package mutating func encode(_ value: Bool) throws { try begin(); encoder.writer.append(value ? "true" : "false") }
    package mutating func encode(_ value: String) throws { try begin(); encoder.writer.writeString(value) }
    package mutating func encode(_ value: Double) throws {
        try EncodingSpecialCases.checkFinite(value, codingPath: pathOfNextValue)
        try begin()
        encoder.writer.writeDouble(value)
    }
    package mutating func encode(_ value: Float) throws {
        try EncodingSpecialCases.checkFinite(value, codingPath: pathOfNextValue)
        try begin()
        encoder.writer.writeFloat(value)
    }
    package mutating func encode(_ value: Int) throws { try begin(); encoder.writer.writeInteger(Int64(value)) }
    package mutating func encode(_ value: Int8) throws { try begin(); encoder.writer.writeInteger(Int64(value)) }
    package mutating func encode(_ value: Int16) throws { try begin(); encoder.writer.writeInteger(Int64(value)) }
    package mutating func encode(_ value: Int32) throws { try begin(); encoder.writer.writeInteger(Int64(value)) }
    package mutating func encode(_ value: Int64) throws { try begin(); encoder.writer.writeInteger(value) }
    package mutating func encode(_ value: UInt) throws { try begin(); encoder.writer.writeInteger(UInt64(value)) }
    package mutating func encode(_ value: UInt8) throws { try begin(); encoder.writer.writeInteger(UInt64(value)) }
    package mutating func encode(_ value: UInt16) throws { try begin(); encoder.writer.writeInteger(UInt64(value)) }
    package mutating func encode(_ value: UInt32) throws { try begin(); encoder.writer.writeInteger(UInt64(value)) }
    package mutating func encode(_ value: UInt64) throws { try begin(); encoder.writer.writeInteger(value) }
}
