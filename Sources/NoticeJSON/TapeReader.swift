/// Read access to a tape and its source bytes, held by value.
///
/// Containers keep a copy, so reading a member (find the key, check the kind, make
/// the value) touches no class instance and costs no retain or release. Valid only
/// while the top-level decode that made it runs.
package struct TapeReader {
    let entries: UnsafeMutablePointer<JSONTape.Entry>
    let base: UnsafePointer<UInt8>
    /// The synthetic `null` after the document (see `JSONTape.nullIndex`).
    let nullIndex: Int

    /// Objects with more members than this are searched through a hashed key index
    /// (`TapeDecoder.indexedFind`) instead of a linear scan.
    static let linearScanLimit = 24

    init(tape: JSONTape, base: UnsafePointer<UInt8>) {
        entries = tape.storage
        self.base = base
        nullIndex = tape.nullIndex
    }

    @inline(__always)
    func bytes(of entry: JSONTape.Entry) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + Int(entry.start), count: Int(entry.length))
    }

    @inline(__always)
    func isNull(_ index: Int) -> Bool { entries[index].kind == .null }

    func string(at index: Int) -> String {
        let entry = entries[index]
        return JSONStringReader.string(bytes(of: entry), escaped: entry.flag)
    }

    /// True when `object` is searched by `TapeDecoder.indexedFind` rather than `find`.
    @inline(__always)
    func isLarge(_ object: Int) -> Bool { entries[object].length > Self.linearScanLimit }

    /// Tape index of the value for `key` in the object at `object`, which must not be
    /// large; the first occurrence wins when a key is duplicated.
    func find(_ key: String, in object: Int) -> Int? {
        var key = key
        return key.withUTF8 { wanted in
            var i = object + 1
            let end = Int(entries[object].end)
            while i < end {
                let name = entries[i]
                // Cheap length test first: most members are rejected without a compare.
                if (name.flag || Int(name.length) == wanted.count)
                    && JSONStringReader.equals(bytes(of: name), escaped: name.flag, key: wanted)
                {
                    return i + 1
                }
                i = Int(entries[i + 1].end)
            }
            return nil
        }
    }

    // MARK: Errors

    /// A short description of the value at `index` for error messages.
    func describe(_ index: Int) -> String {
        let entry = entries[index]
        switch entry.kind {
        case .null: return "null"
        case .bool: return entry.flag ? "bool true" : "bool false"
        case .integer, .decimal:
            let text = String(decoding: bytes(of: entry).prefix(40), as: UTF8.self)
            return "number \(text)\(entry.length > 40 ? "…" : "")"
        case .string:
            let text = string(at: index)
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return "string \(JSONValue.string(shown).serialized())"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// `valueNotFound` for null (as Foundation does), `typeMismatch` otherwise.
    func typeError(_ type: Any.Type, expected: String, at index: Int, path: [any CodingKey]) -> DecodingError {
        let context = DecodingError.Context(
            codingPath: path, debugDescription: "expected \(expected) but found \(describe(index))")
        if isNull(index) { return .valueNotFound(type, context) }
        return .typeMismatch(type, context)
    }

    func corrupted(_ path: [any CodingKey], _ message: String) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: message))
    }
}
