import Foundation

/// Keyed container of `TapeDecoder`: looks keys up by scanning the object's members on
/// the tape (hashed for large objects), comparing raw UTF-8 without allocating.
///
/// Holds no counted references, so the standard library's type-erasing box copies and
/// destroys it on every `decode(_:forKey:)` without retains or releases, and reads
/// scalars through its own copy of the `TapeReader`. The decoder, reached only for
/// nested values, large objects and errors, outlives its containers: both live only
/// for the top-level `decode` call.
struct TapeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    private let reader: TapeReader
    unowned(unsafe) let decoder: TapeDecoder
    let object: Int
    /// -1 when made directly from the decoder, whose current path is then this
    /// container's path (see `TapeDecoder.unbox`); otherwise registered with
    /// `decoder.registerPath`.
    let pathID: Int32

    init(decoder: TapeDecoder, object: Int, pathID: Int32) {
        self.reader = decoder.reader
        self.decoder = decoder
        self.object = object
        self.pathID = pathID
    }

    var codingPath: [any CodingKey] { decoder.registeredPath(pathID) }

    /// The path to hand `TapeDecoder.unbox`: nil for the decoder's own.
    private var ownPath: [any CodingKey]? { pathID < 0 ? nil : decoder.registeredPath(pathID) }

    var allKeys: [Key] {
        var keys: [Key] = []
        var i = object + 1
        let end = Int(reader.entries[object].end)
        while i < end {
            if let key = Key(stringValue: reader.string(at: i)) { keys.append(key) }
            i = Int(reader.entries[i + 1].end)
        }
        return keys
    }

    /// Tape index of the value for `key`; the first occurrence wins when a key
    /// is duplicated. Large objects go through the decoder's key index.
    @inline(__always)
    private func find(_ key: Key) -> Int? {
        find(key.stringValue)
    }

    @inline(__always)
    private func find(_ name: String) -> Int? {
        reader.isLarge(object) ? decoder.indexedFind(name, in: object) : reader.find(name, in: object)
    }

    func contains(_ key: Key) -> Bool { find(key) != nil }

    @inline(__always)
    private func valueIndex(_ key: Key) throws -> Int {
        guard let index = find(key) else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "no value for key \"\(key.stringValue)\" in object"))
        }
        return index
    }

    @inline(__always)
    private func scalar<T: TapeScalar>(_ key: Key) throws -> T {
        try T.unbox(from: reader, at: valueIndex(key), path: codingPath + [key])
    }

    @inline(__always)
    private func scalarIfPresent<T: TapeScalar>(_ key: Key) throws -> T? {
        guard let index = find(key), !reader.isNull(index) else { return nil }
        return try T.unbox(from: reader, at: index, path: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { reader.isNull(try valueIndex(key)) }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try scalar(key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try scalar(key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try scalar(key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try scalar(key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try scalar(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try scalar(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try scalar(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try scalar(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try scalar(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try scalar(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try scalar(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try scalar(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try scalar(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try scalar(key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.unbox(type, at: valueIndex(key), key: key, containerPath: ownPath)
    }

    // One lookup instead of the default contains + decodeNil + decode (three scans).
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try scalarIfPresent(key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try scalarIfPresent(key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try scalarIfPresent(key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try scalarIfPresent(key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try scalarIfPresent(key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try scalarIfPresent(key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try scalarIfPresent(key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try scalarIfPresent(key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try scalarIfPresent(key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try scalarIfPresent(key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try scalarIfPresent(key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try scalarIfPresent(key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try scalarIfPresent(key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try scalarIfPresent(key) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let index = find(key), !reader.isNull(index) else { return nil }
        return try decoder.unbox(type, at: index, key: key, containerPath: ownPath)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let index = try valueIndex(key)
        let path = codingPath + [key]
        guard reader.entries[index].kind == .object else {
            throw reader.typeError(KeyedDecodingContainer<NestedKey>.self, expected: "object", at: index, path: path)
        }
        return KeyedDecodingContainer(
            TapeKeyedContainer<NestedKey>(decoder: decoder, object: index, pathID: decoder.registerPath(path)))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let index = try valueIndex(key)
        let path = codingPath + [key]
        guard reader.entries[index].kind == .array else {
            throw reader.typeError([Any].self, expected: "array", at: index, path: path)
        }
        return TapeUnkeyedContainer(decoder: decoder, array: index, pathID: decoder.registerPath(path))
    }

    /// Like Foundation, a missing `super` key decodes as null rather than failing here.
    func superDecoder() throws -> any Decoder {
        let key = PayloadCodingKey.superKey
        let index = find(key.stringValue) ?? reader.nullIndex
        return decoder.subDecoder(at: index, path: codingPath + [key])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        let index = find(key) ?? reader.nullIndex
        return decoder.subDecoder(at: index, path: codingPath + [key])
    }
}
