import Foundation

/// Single value container of `StreamingEncoder`: writes one value into the encoder's
/// current slot. A second value into the same slot is left to `TreeEncoder` to reject.
package struct StreamingSingleValueContainer: SingleValueEncodingContainer, StreamingPrimitiveWriting {
    package let encoder: StreamingEncoder
    package let slotID: UInt32
    package let codingPath: [any CodingKey]

    @inline(__always)
    package func begin() throws { try encoder.beginSingleValue(slotID: slotID) }

    package var pathOfNextValue: [any CodingKey] { codingPath }


    package mutating func encode<T: Encodable>(_ value: T) throws {
        try encoder.encodeSingle(value, slotID: slotID)
    }
}
