import Foundation

/// The `Decoder` behind `PayloadDecoder`: reads values straight off a `JSONTape` and the
/// source bytes, without building an intermediate tree.
///
/// One decoder object serves every nested value: the tape index being decoded and the
/// coding path are swapped in and restored around each nested `init(from:)`, which saves
/// an allocation per nested value. The source bytes and the tape's entries are borrowed for
/// the duration of the top-level `decode` call only, so a decoder must not be kept past
/// `init(from:)`. Each thread keeps one decoder for its top-level decodes (see
/// `TapeScratch`), which `reuse(tape:base:)` points at the next document.
final class TapeDecoder: Decoder {
    @exclusivity(unchecked) private(set) var tape: JSONTape
    @exclusivity(unchecked) private(set) var reader: TapeReader

    // Unchecked exclusivity: accesses never overlap (single-threaded, no re-entrant
    // mutation), and the runtime checks showed up in decode profiles.
    @exclusivity(unchecked) package var path: [any CodingKey]
    @exclusivity(unchecked) package var current: Int
    /// Key → value index for objects too large for a linear scan, built on first lookup.
    @exclusivity(unchecked) private var largeObjectIndexes: [Int: [String: Int]] = [:]

    var codingPath: [any CodingKey] { path }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(tape: JSONTape, base: UnsafePointer<UInt8>, path: [any CodingKey], current: Int) {
        self.tape = tape
        self.reader = TapeReader(tape: tape, base: base)
        self.path = path
        self.current = current
    }

    /// Points this decoder at a new document, forgetting everything about the last.
    func reuse(tape: JSONTape, base: UnsafePointer<UInt8>) {
        self.tape = tape
        reader = TapeReader(tape: tape, base: base)
        current = 0
        if !path.isEmpty { path = [] }
        if !nestedPaths.isEmpty { nestedPaths = [] }
        if !largeObjectIndexes.isEmpty { largeObjectIndexes = [:] }
    }

    // MARK: Decoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard reader.entries[current].kind == .object else {
            throw reader.typeError(KeyedDecodingContainer<Key>.self, expected: "object", at: current, path: path)
        }
        return KeyedDecodingContainer(TapeKeyedContainer<Key>(decoder: self, object: current, pathID: -1))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard reader.entries[current].kind == .array else {
            throw reader.typeError([Any].self, expected: "array", at: current, path: path)
        }
        return TapeUnkeyedContainer(decoder: self, array: current, pathID: -1)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        TapeSingleValueContainer(decoder: self, index: current, codingPath: path)
    }

    /// Paths of containers made by `nestedContainer`, referenced by index so the unkeyed
    /// container stays small enough to be stored inline in an existential.
    @exclusivity(unchecked) private var nestedPaths: [[any CodingKey]] = []

    func registerPath(_ path: [any CodingKey]) -> Int32 {
        nestedPaths.append(path)
        return Int32(truncatingIfNeeded: nestedPaths.count - 1)
    }

    func registeredPath(_ id: Int32) -> [any CodingKey] {
        id < 0 ? path : nestedPaths[Int(id)]
    }

    /// A separate decoder positioned at `index`, for `superDecoder()`.
    func subDecoder(at index: Int, path: [any CodingKey]) -> TapeDecoder {
        TapeDecoder(tape: tape, base: reader.base, path: path, current: index)
    }

    // MARK: Keys

    /// The value index for `key` in the large object at `object` (see
    /// `TapeReader.isLarge`): a key index built on first lookup; the first
    /// occurrence wins when a key is duplicated.
    func indexedFind(_ key: String, in object: Int) -> Int? {
        if let index = largeObjectIndexes[object] { return index[key] }
        var index: [String: Int] = [:]
        var i = object + 1
        while i < Int(reader.entries[object].end) {
            let name = reader.string(at: i)
            if index[name] == nil { index[name] = i + 1 }
            i = Int(reader.entries[i + 1].end)
        }
        largeObjectIndexes[object] = index
        return index[key]
    }

    // MARK: Values

    /// Decodes the nested value at `index`, found under `key` in a container.
    ///
    /// `containerPath` is nil for containers made directly from this decoder: their path
    /// is the decoder's current path (nested decodes restore it before returning), so the
    /// key is simply pushed and popped. Containers made with `nestedContainer` have their
    /// own path, which is swapped in for the duration.
    func unbox<T: Decodable>(
        _ type: T.Type, at index: Int, key: any CodingKey, containerPath: [any CodingKey]?
    ) throws -> T {
        // Same-type bit casts: each branch runs only when T is exactly that type. Checked
        // here rather than in a helper returning `T?`, which would have to instantiate
        // `Optional<T>` metadata on every call.
        if T.self == String.self {
            return unsafeBitCast(
                try String.unbox(from: reader, at: index, path: (containerPath ?? path) + [key]), to: T.self)
        }
        if T.self == Int.self {
            return unsafeBitCast(
                try Int.unbox(from: reader, at: index, path: (containerPath ?? path) + [key]), to: T.self)
        }
        if T.self == Double.self {
            return unsafeBitCast(
                try Double.unbox(from: reader, at: index, path: (containerPath ?? path) + [key]), to: T.self)
        }
        if T.self == Bool.self {
            return unsafeBitCast(
                try Bool.unbox(from: reader, at: index, path: (containerPath ?? path) + [key]), to: T.self)
        }
        if let arrayKind = PrimitiveArrayKind(T.self) {
            return try decodePrimitiveArray(arrayKind, as: type, at: index, path: (containerPath ?? path) + [key])
        }
        if Self.isSpecial(type) {
            return try decodeSpecial(type, at: index, path: (containerPath ?? path) + [key])
        }
        let savedCurrent = current
        var displaced: [any CodingKey]?
        if let containerPath {
            displaced = path
            path = containerPath
        }
        path.append(key)
        current = index
        defer {
            current = savedCurrent
            if let displaced {
                path = displaced
            } else {
                path.removeLast()
            }
        }
        return try T(from: self)
    }

    /// Decodes the value at `index` in place (single value containers, the root).
    func unboxInPlace<T: Decodable>(_ type: T.Type, at index: Int, containerPath: [any CodingKey]) throws -> T {
        if let arrayKind = PrimitiveArrayKind(T.self) {
            return try decodePrimitiveArray(arrayKind, as: type, at: index, path: containerPath)
        }
        if Self.isSpecial(type) { return try decodeSpecial(type, at: index, path: containerPath) }
        let savedCurrent = current
        current = index
        defer { current = savedCurrent }
        return try T(from: self)
    }

    /// Arrays of the common primitives, read in one loop with the result reserved up
    /// front; the standard library's generic `Array.init(from:)` grows the array one
    /// append at a time through an unkeyed container.
    private func decodePrimitiveArray<T>(
        _ kind: PrimitiveArrayKind, as type: T.Type, at index: Int, path: @autoclosure () -> [any CodingKey]
    ) throws -> T {
        switch kind {
        case .string: return unsafeBitCast(try primitiveArray(String.self, at: index, path: path()), to: T.self)
        case .int: return unsafeBitCast(try primitiveArray(Int.self, at: index, path: path()), to: T.self)
        case .double: return unsafeBitCast(try primitiveArray(Double.self, at: index, path: path()), to: T.self)
        case .bool: return unsafeBitCast(try primitiveArray(Bool.self, at: index, path: path()), to: T.self)
        }
    }

    private func primitiveArray<E: TapeScalar>(
        _ element: E.Type, at index: Int, path: @autoclosure () -> [any CodingKey]
    ) throws -> [E] {
        let entry = reader.entries[index]
        guard entry.kind == .array else { throw reader.typeError([E].self, expected: "array", at: index, path: path()) }
        var result: [E] = []
        result.reserveCapacity(Int(entry.length))
        var child = index + 1
        while child < Int(entry.end) {
            result.append(try E.unbox(from: reader, at: child, path: path() + [ArrayIndexKey(result.count)]))
            child = Int(reader.entries[child].end)
        }
        return result
    }

    /// Types with a fixed JSON spelling, mirroring `EncodingSpecialCases`.
    @inline(__always)
    private static func isSpecial<T>(_ type: T.Type) -> Bool {
        T.self == JSONValue.self || T.self == Date.self || T.self == Data.self || T.self == URL.self
            || T.self == Decimal.self
    }

    private func decodeSpecial<T: Decodable>(_ type: T.Type, at index: Int, path: @autoclosure () -> [any CodingKey])
        throws -> T
    {
        if T.self == JSONValue.self {
            do {
                return try JSONParser.value(at: index, in: tape, base: reader.base) as! T
            } catch {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: path(), debugDescription: error.description, underlyingError: error))
            }
        }
        if T.self == Date.self {
            let text = try String.unbox(from: reader, at: index, path: path())
            guard let date = TimestampFormat.date(from: text) else {
                throw reader.corrupted(
                    path(),
                    "expected an ISO-8601 date like \"2026-11-21T15:04:05.123Z\" but found \(reader.describe(index))")
            }
            return date as! T
        }
        if T.self == Data.self {
            let text = try String.unbox(from: reader, at: index, path: path())
            guard let data = Data(base64Encoded: text) else {
                throw reader.corrupted(path(), "expected base64-encoded Data but found \(reader.describe(index))")
            }
            return data as! T
        }
        if T.self == URL.self {
            let text = try String.unbox(from: reader, at: index, path: path())
            guard let url = URL(string: text) else {
                throw reader.corrupted(path(), "expected a URL but found \(reader.describe(index))")
            }
            return url as! T
        }
        if T.self == Decimal.self {
            let entry = reader.entries[index]
            guard entry.kind == .integer || entry.kind == .decimal else {
                throw reader.typeError(Decimal.self, expected: "Decimal", at: index, path: path())
            }
            guard let decimal = Decimal(string: String(decoding: reader.bytes(of: entry), as: UTF8.self)) else {
                throw reader.corrupted(path(), "\(reader.describe(index)) does not fit in Decimal")
            }
            return decimal as! T
        }
        preconditionFailure("decodeSpecial called for \(T.self), which isSpecial does not list")
    }
}
