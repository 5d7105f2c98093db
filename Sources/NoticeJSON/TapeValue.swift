/// One value of a parsed payload, for code that reads the tape itself (a payload type's
/// generated decoder) instead of going through `Decoder` and its containers.
///
/// Borrows the tape and the source bytes, like the containers of `TapeDecoder`: valid
/// only during the `PayloadDecoder.withTape` call that made it. Errors are the
/// `DecodingError`s the `Codable` path throws, with coding paths relative to this value
/// (`CodingPathPrefix` adds the keys above it).
package struct TapeValue {
    let reader: TapeReader
    let index: Int
    unowned(unsafe) let decoder: TapeDecoder

    init(reader: TapeReader, index: Int, decoder: TapeDecoder) {
        self.reader = reader
        self.index = index
        self.decoder = decoder
    }

    /// True when the value is JSON `null`.
    package var isNull: Bool { reader.isNull(index) }

    /// The value as one of the primitives the tape reads directly.
    @inline(__always)
    package func scalar<T: TapeScalar>(_ type: T.Type) throws -> T {
        try T.unbox(from: reader, at: index, path: [])
    }

    /// The value through `T`'s own `init(from:)`, exactly as the `Codable` path reads it.
    package func decodable<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.unboxInPlace(type, at: index, containerPath: [])
    }

    /// The members of the object this value is; a type error when it is not an object.
    package func object(as type: Any.Type) throws -> TapeObjectCursor {
        guard reader.entries[index].kind == .object else {
            throw reader.typeError(type, expected: "object", at: index, path: [])
        }
        return TapeObjectCursor(reader: reader, object: index, decoder: decoder)
    }

    /// The elements of the array this value is; a type error when it is not an array.
    package func array(as type: Any.Type) throws -> TapeArrayCursor {
        let entry = reader.entries[index]
        guard entry.kind == .array else { throw reader.typeError(type, expected: "array", at: index, path: []) }
        return TapeArrayCursor(
            reader: reader, next: index + 1, end: Int(entry.end), count: Int(entry.length), decoder: decoder)
    }
}

/// The members of one object, looked up by key.
///
/// Keys asked for in the order they were written (as a generated decoder asks for the
/// fields its encoder wrote) are each found with one comparison at a cursor; any other
/// order falls back to a scan from the first member. Each key is to be asked for once, as
/// a generated decoder does (its keys are distinct property names): the first occurrence
/// of a duplicated key then wins either way, as in `TapeKeyedContainer`.
package struct TapeObjectCursor {
    let reader: TapeReader
    let object: Int
    unowned(unsafe) let decoder: TapeDecoder
    /// Tape index of the member key after the last one found at the cursor.
    private var cursor: Int
    /// True while every member before `cursor` is one found earlier, in order: the keys
    /// there are those earlier fields', so a key found at the cursor is its first occurrence.
    private var inOrder = true

    init(reader: TapeReader, object: Int, decoder: TapeDecoder) {
        self.reader = reader
        self.object = object
        self.decoder = decoder
        cursor = object + 1
    }

    /// The value under `key`, or nil when the object has no such member.
    package mutating func value(forKey key: StaticString) -> TapeValue? {
        let end = Int(reader.entries[object].end)
        return key.withUTF8Buffer { wanted -> TapeValue? in
            if inOrder && cursor < end && matches(cursor, wanted) {
                let value = cursor + 1
                cursor = Int(reader.entries[value].end)
                return TapeValue(reader: reader, index: value, decoder: decoder)
            }
            var i = object + 1
            while i < end {
                if matches(i, wanted) {
                    // Found elsewhere than the cursor: later keys scan from the start.
                    inOrder = false
                    return TapeValue(reader: reader, index: i + 1, decoder: decoder)
                }
                i = Int(reader.entries[i + 1].end)
            }
            return nil
        }
    }

    @inline(__always)
    private func matches(_ keyIndex: Int, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        let name = reader.entries[keyIndex]
        return (name.flag || Int(name.length) == wanted.count)
            && JSONStringReader.equals(reader.bytes(of: name), escaped: name.flag, key: wanted)
    }
}

/// The elements of one array, in order.
package struct TapeArrayCursor {
    let reader: TapeReader
    private var next: Int
    private let end: Int
    /// How many elements the array has.
    package let count: Int
    unowned(unsafe) let decoder: TapeDecoder

    init(reader: TapeReader, next: Int, end: Int, count: Int, decoder: TapeDecoder) {
        self.reader = reader
        self.next = next
        self.end = end
        self.count = count
        self.decoder = decoder
    }

    /// The next element, or nil after the last.
    package mutating func nextElement() -> TapeValue? {
        guard next < end else { return nil }
        let value = TapeValue(reader: reader, index: next, decoder: decoder)
        next = Int(reader.entries[next].end)
        return value
    }
}
