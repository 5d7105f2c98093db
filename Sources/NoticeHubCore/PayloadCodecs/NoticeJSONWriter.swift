import NoticeJSON

/// Where a ``NoticeJSONCodable`` type writes itself: NoticeHub's compact JSON, keys in the
/// order they are written, strings and numbers spelled as its `Codable` encoder spells them.
public struct NoticeJSONWriter: ~Copyable {
    var bytes: ByteWriter
    /// False right after an object's `{` (or an array's `[`), true once it has a member.
    private var hasMembers = false

    init() {
        bytes = ByteWriter()
    }

    /// Opens an object; every `write(_:forKey:)` until ``endObject()`` adds one member.
    public mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        hasMembers = false
    }

    /// Closes the object ``beginObject()`` opened.
    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        hasMembers = true
    }

    /// Writes the member `key` with `value`, through `value`'s own ``NoticeJSONCodable``
    /// conformance.
    public mutating func write<T: NoticeJSONCodable>(_ value: T, forKey key: StaticString) throws {
        writeKey(key)
        do {
            try value.writeNoticeJSON(to: &self)
        } catch {
            throw CodingPathPrefix.adding(CodingPathPrefix.key(key), to: error)
        }
        hasMembers = true
    }

    /// Writes the member `key` with `value`, through `value`'s `Encodable` conformance, as
    /// NoticeHub's `Codable` encoder writes it: for the types with no ``NoticeJSONCodable``
    /// conformance (`Date`, `URL`, a type of the app's own).
    public mutating func write<T: Encodable>(_ value: T, forKey key: StaticString) throws {
        writeKey(key)
        do {
            try PayloadEncoder().encodeNested(value, into: &bytes)
        } catch {
            throw CodingPathPrefix.adding(CodingPathPrefix.key(key), to: error)
        }
        hasMembers = true
    }

    /// Writes the member `key` unless `value` is nil, as `encodeIfPresent` does.
    public mutating func writeIfPresent<T: NoticeJSONCodable>(_ value: T?, forKey key: StaticString) throws {
        if let value { try write(value, forKey: key) }
    }

    /// Writes the member `key` unless `value` is nil, as `encodeIfPresent` does, through
    /// `value`'s `Encodable` conformance.
    public mutating func writeIfPresent<T: Encodable>(_ value: T?, forKey key: StaticString) throws {
        if let value { try write(value, forKey: key) }
    }

    @inline(__always)
    private mutating func writeKey(_ key: StaticString) {
        if hasMembers { bytes.append(UInt8(ascii: ",")) }
        key.withUTF8Buffer { bytes.writeString(utf8: $0) }
        bytes.append(UInt8(ascii: ":"))
    }

    /// Writes one array: its elements, comma-separated, each through `element`.
    mutating func writeArray<S: Sequence>(_ elements: S, _ element: (S.Element, inout NoticeJSONWriter) throws -> Void)
        rethrows
    {
        bytes.append(UInt8(ascii: "["))
        var first = true
        for value in elements {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            try element(value, &self)
        }
        bytes.append(UInt8(ascii: "]"))
        hasMembers = true
    }
}
