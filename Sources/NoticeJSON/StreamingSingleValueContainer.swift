import Foundation

/// Single value container of `StreamingEncoder`: writes one value into the encoder's
/// current slot. A second value into the same slot is left to `TreeEncoder` to reject.
struct StreamingSingleValueContainer: SingleValueEncodingContainer, StreamingPrimitiveWriting {
    let encoder: StreamingEncoder
    let slotID: UInt32
    let codingPath: [any CodingKey]

    @inline(__always)
    func begin() throws { try encoder.beginSingleValue(slotID: slotID) }

    var pathOfNextValue: [any CodingKey] { codingPath }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try encoder.encodeSingle(value, slotID: slotID)
    }
}
