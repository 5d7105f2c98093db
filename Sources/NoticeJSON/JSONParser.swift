import Foundation

/// Parses JSON text into a `JSONValue`, strictly per RFC 8259.
///
/// Validation is done by `JSONTapeParser` (shared with `PayloadDecoder`, so both accept
/// exactly the same documents); this type only materialises the tree. Depth is capped at
/// `JSONTapeParser.maxDepth`, which also bounds the recursion here.
package enum JSONParser {
    package static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONSyntaxError) -> JSONValue {
        try TapeScratch.withLease { lease throws(JSONSyntaxError) in
            let tape = try JSONTapeParser.parse(bytes, scratch: lease.entries)
            defer { tape.release() }
            return try value(at: 0, in: tape, base: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
    }

    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONSyntaxError) -> JSONValue in try parse(buffer) }
        }
        return try result.get()
    }

    package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { buffer in
            Result { () throws(JSONSyntaxError) -> JSONValue in try parse(UnsafeRawBufferPointer(buffer)) }
        }
        return try result.get()
    }

    /// Checks that `bytes` is one document `parse` accepts, without building
    /// it: a small document allocates nothing (its tape lives in the
    /// thread's scratch).
    package static func validate(_ bytes: UnsafeRawBufferPointer) throws(JSONSyntaxError) {
        try TapeScratch.withLease { lease throws(JSONSyntaxError) in
            let tape = try JSONTapeParser.parse(bytes, scratch: lease.entries)
            defer { tape.release() }
            let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
            // The tape checked everything but what `value(at:in:base:)` adds:
            // numbers too large for a Double.
            for index in 0..<tape.count {
                let entry = tape[index]
                guard entry.kind == .integer || entry.kind == .decimal else { continue }
                let range = UnsafeBufferPointer(start: base + Int(entry.start), count: Int(entry.length))
                if entry.kind == .integer, JSONNumberReader.int64(range) != nil { continue }
                _ = try finiteDouble(range, at: entry)
            }
        }
    }

    /// Builds the value for tape entry `index` and its subtree.
    static func value(
        at index: Int, in tape: JSONTape, base: UnsafePointer<UInt8>
    ) throws(JSONSyntaxError) -> JSONValue {
        let entry = tape[index]
        let range = UnsafeBufferPointer(start: base + Int(entry.start), count: Int(entry.length))
        switch entry.kind {
        case .null:
            return .null
        case .bool:
            return .bool(entry.flag)
        case .integer:
            if let value = JSONNumberReader.int64(range) {
                // Int64 has no negative zero; keep the sign by treating it as a double.
                if value == 0 && range[0] == UInt8(ascii: "-") { return .double(-0.0) }
                return .int(value)
            }
            // Beyond Int64: kept as written if a Double can stand for it at all.
            _ = try finiteDouble(range, at: entry)
            return .number(String(decoding: range, as: UTF8.self))
        case .decimal:
            return try finiteDouble(range, at: entry)
        case .string:
            return .string(JSONStringReader.string(range, escaped: entry.flag))
        case .array:
            var elements: [JSONValue] = []
            elements.reserveCapacity(Int(entry.length))
            var child = index + 1
            while child < Int(entry.end) {
                elements.append(try value(at: child, in: tape, base: base))
                child = tape.next(after: child)
            }
            return .array(elements)
        case .object:
            var members: [(key: String, value: JSONValue)] = []
            members.reserveCapacity(Int(entry.length))
            var child = index + 1
            while child < Int(entry.end) {
                let keyEntry = tape[child]
                let key = JSONStringReader.string(
                    UnsafeBufferPointer(start: base + Int(keyEntry.start), count: Int(keyEntry.length)),
                    escaped: keyEntry.flag)
                members.append((key: key, value: try value(at: child + 1, in: tape, base: base)))
                child = tape.next(after: child + 1)
            }
            return .object(members)
        }
    }

    private static func finiteDouble(
        _ range: UnsafeBufferPointer<UInt8>, at entry: JSONTape.Entry
    ) throws(JSONSyntaxError) -> JSONValue {
        let value = JSONNumberReader.double(range)
        guard value.isFinite else { throw JSONSyntaxError(.numberOutOfRange, at: Int(entry.start)) }
        // A non-zero number that rounds to zero (1e-400) keeps its digits.
        if value == 0 && Self.hasNonZeroDigit(beforeExponentOf: range) {
            return .number(String(decoding: range, as: UTF8.self))
        }
        return .double(value)
    }

    private static func hasNonZeroDigit(beforeExponentOf range: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in range {
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return false }
            if byte >= UInt8(ascii: "1") && byte <= UInt8(ascii: "9") { return true }
        }
        return false
    }
}
