import Foundation

/// Unkeyed container of `TapeDecoder`: a cursor over the array's elements on the tape.
/// A failed decode does not advance, matching Foundation.
///
/// Packed into three words (path by reference to the decoder, 32-bit cursor and counts)
/// so `any UnkeyedDecodingContainer` holds it inline instead of allocating a box.
struct TapeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: TapeDecoder
    /// Tape index of the element at `currentIndex`.
    private var cursor: UInt32
    private var index: UInt32
    private let elementCount: UInt32
    /// -1: the decoder's current path; otherwise registered with `decoder.registerPath`.
    private let pathID: Int32

    init(decoder: TapeDecoder, array: Int, pathID: Int32) {
        self.decoder = decoder
        self.cursor = UInt32(truncatingIfNeeded: array + 1)
        self.index = 0
        self.elementCount = decoder.reader.entries[array].length
        self.pathID = pathID
    }

    var codingPath: [any CodingKey] { decoder.registeredPath(pathID) }
    var count: Int? { Int(elementCount) }
    var currentIndex: Int { Int(index) }
    var isAtEnd: Bool { index >= elementCount }

    private var position: Int { Int(cursor) }
    private var elementPath: [any CodingKey] { codingPath + [ArrayIndexKey(currentIndex)] }

    private func checkNotAtEnd(_ type: Any.Type) throws {
        if isAtEnd {
            throw DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: elementPath, debugDescription: "expected \(type) but the array has no more elements"))
        }
    }

    private mutating func advance() {
        cursor = decoder.reader.entries[position].end
        index += 1
    }

    private mutating func scalar<T: TapeScalar>() throws -> T {
        try checkNotAtEnd(T.self)
        let value = try T.unbox(from: decoder.reader, at: position, path: elementPath)
        advance()
        return value
    }

    mutating func decodeNil() throws -> Bool {
        try checkNotAtEnd(Never?.self)
        guard decoder.reader.isNull(position) else { return false }
        advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try scalar() }
    mutating func decode(_ type: String.Type) throws -> String { try scalar() }
    mutating func decode(_ type: Double.Type) throws -> Double { try scalar() }
    mutating func decode(_ type: Float.Type) throws -> Float { try scalar() }
    mutating func decode(_ type: Int.Type) throws -> Int { try scalar() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try scalar() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try scalar() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try scalar() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try scalar() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try scalar() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar() }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try checkNotAtEnd(type)
        let value = try decoder.unbox(
            type, at: position, key: ArrayIndexKey(currentIndex),
            containerPath: pathID < 0 ? nil : codingPath)
        advance()
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        try checkNotAtEnd(KeyedDecodingContainer<NestedKey>.self)
        let path = elementPath
        guard decoder.reader.entries[position].kind == .object else {
            throw decoder.reader.typeError(
                KeyedDecodingContainer<NestedKey>.self, expected: "object", at: position, path: path)
        }
        let container = TapeKeyedContainer<NestedKey>(
            decoder: decoder, object: position, pathID: decoder.registerPath(path))
        advance()
        return KeyedDecodingContainer(container)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try checkNotAtEnd([Any].self)
        let path = elementPath
        guard decoder.reader.entries[position].kind == .array else {
            throw decoder.reader.typeError([Any].self, expected: "array", at: position, path: path)
        }
        let container = TapeUnkeyedContainer(decoder: decoder, array: position, pathID: decoder.registerPath(path))
        advance()
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        try checkNotAtEnd((any Decoder).self)
        let sub = decoder.subDecoder(at: position, path: elementPath)
        advance()
        return sub
    }
}
