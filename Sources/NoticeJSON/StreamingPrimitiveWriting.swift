/// The primitive `encode` overloads both streaming containers need, written
/// once: each container only says how to open its next value (`begin`) and
/// which coding path an invalid float is reported at.
protocol StreamingPrimitiveWriting {
    var encoder: StreamingEncoder { get }
    /// The coding path of the value about to be written, for errors.
    var pathOfNextValue: [any CodingKey] { get }
    /// Opens the next value's place in the output.
    mutating func begin() throws
}

extension StreamingPrimitiveWriting {
    mutating func encodeNil() throws { try begin(); encoder.writer.append("null") }
    mutating func encode(_ value: Bool) throws { try begin(); encoder.writer.append(value ? "true" : "false") }
    mutating func encode(_ value: String) throws { try begin(); encoder.writer.writeString(value) }
    mutating func encode(_ value: Double) throws {
        try EncodingSpecialCases.checkFinite(value, codingPath: pathOfNextValue)
        try begin()
        encoder.writer.writeDouble(value)
    }
    mutating func encode(_ value: Float) throws {
        try EncodingSpecialCases.checkFinite(value, codingPath: pathOfNextValue)
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
}
