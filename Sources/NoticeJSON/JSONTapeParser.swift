import Foundation

/// Validates a JSON document against RFC 8259 and records it as a `JSONTape`.
///
/// The scanner is iterative with an explicit stack, so hostile input (it is fuzzed with
/// arbitrary bytes) can neither recurse without bound nor take more than linear time.
/// All validation happens here, once, so the decoder can read strings and numbers from
/// the tape without re-checking them.
struct JSONTapeParser {
    /// Deepest array/object nesting accepted; anything deeper is an error, not a crash.
    static let maxDepth = 512
    /// Nesting the first attempt's stack holds: 1 KiB, which
    /// `withUnsafeTemporaryAllocation` always places on the machine stack. Deeper
    /// documents are parsed again with a heap stack of `maxDepth`.
    private static let shallowDepth = 128

    private let bytes: UnsafePointer<UInt8>
    private let count: Int
    private var pos = 0
    private var entries: UnsafeMutablePointer<JSONTape.Entry>
    private var entryCount = 0
    private var entryCapacity: Int
    /// False while `entries` is the caller's scratch buffer.
    private var ownsEntries: Bool

    private init(bytes: UnsafePointer<UInt8>, count: Int, scratch: UnsafeMutableBufferPointer<JSONTape.Entry>) {
        self.bytes = bytes
        self.count = count
        // Typical payloads need about one entry per 6-7 bytes; starting a little above
        // that avoids regrowth without wasting much on large documents.
        let expected = count / 4 + 8
        if let base = scratch.baseAddress, expected <= scratch.count {
            self.entries = base
            self.entryCapacity = scratch.count
            self.ownsEntries = false
        } else {
            self.entries = .allocate(capacity: expected)
            self.entryCapacity = expected
            self.ownsEntries = true
        }
    }

    /// Parses exactly one JSON value, with optional surrounding whitespace, recording its
    /// entries in `scratch` while they fit. The caller must `release()` the tape and must
    /// not use it after `scratch` goes away.
    static func parse(
        _ buffer: UnsafeRawBufferPointer, scratch: UnsafeMutableBufferPointer<JSONTape.Entry>
    ) throws(JSONSyntaxError) -> JSONTape {
        guard let base = buffer.baseAddress, buffer.count > 0 else {
            throw JSONSyntaxError(.unexpectedEndOfInput, at: 0)
        }
        // Offsets are stored as UInt32 to keep entries at 16 bytes.
        guard buffer.count < Int(UInt32.max) else {
            throw JSONSyntaxError(.documentTooLarge, at: 0)
        }
        var parser = JSONTapeParser(
            bytes: base.assumingMemoryBound(to: UInt8.self), count: buffer.count, scratch: scratch)
        do {
            try parser.runWithStack()
        } catch {
            if parser.ownsEntries { parser.entries.deallocate() }
            throw error
        }
        parser.append(.null, flag: false, start: 0, length: 0) // JSONTape.nullIndex
        return JSONTape(storage: parser.entries, count: parser.entryCount - 1, ownsStorage: parser.ownsEntries)
    }

    /// Runs with a container stack on the machine stack, and again with a full-depth
    /// heap stack only if the document nests deeper than that.
    private mutating func runWithStack() throws(JSONSyntaxError) {
        let shallow = withUnsafeTemporaryAllocation(of: Int.self, capacity: Self.shallowDepth) { stack in
            Result { () throws(JSONSyntaxError) -> Bool in
                try run(stack: stack.baseAddress!, capacity: Self.shallowDepth)
            }
        }
        if try shallow.get() { return }
        pos = 0
        entryCount = 0
        let stack = UnsafeMutablePointer<Int>.allocate(capacity: Self.maxDepth)
        defer { stack.deallocate() }
        _ = try run(stack: stack, capacity: Self.maxDepth)
    }

    /// Returns false, having stopped early, when the document nests deeper than
    /// `capacity` but not deeper than `maxDepth`.
    private mutating func run(stack: UnsafeMutablePointer<Int>, capacity: Int) throws(JSONSyntaxError) -> Bool {
        var depth = 0

        valueLoop: while true {
            skipWhitespace()
            guard pos < count else { throw JSONSyntaxError(.unexpectedEndOfInput, at: pos) }
            let byte = bytes[pos]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth == capacity {
                    guard capacity < Self.maxDepth else {
                        throw JSONSyntaxError(.nestingTooDeep(limit: Self.maxDepth), at: pos)
                    }
                    return false
                }
                let isObject = byte == UInt8(ascii: "{")
                stack[depth] = entryCount
                depth += 1
                append(isObject ? .object : .array, flag: false, start: pos, length: 0)
                pos += 1
                skipWhitespace()
                if pos < count && bytes[pos] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    pos += 1
                    depth -= 1
                    entries[stack[depth]].end = UInt32(entryCount)
                } else if isObject {
                    try parseKey()
                    continue valueLoop
                } else {
                    continue valueLoop
                }
            case UInt8(ascii: "\""):
                try parseString()
            case UInt8(ascii: "t"):
                try parseLiteral("true", kind: .bool, flag: true)
            case UInt8(ascii: "f"):
                try parseLiteral("false", kind: .bool, flag: false)
            case UInt8(ascii: "n"):
                try parseLiteral("null", kind: .null, flag: false)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try parseNumber()
            default:
                throw JSONSyntaxError(.unexpectedCharacter(byte), at: pos)
            }

            // A value just completed; unwind through any containers it closes.
            while true {
                guard depth > 0 else {
                    skipWhitespace()
                    if pos < count {
                        throw JSONSyntaxError(.trailingCharacter(bytes[pos]), at: pos)
                    }
                    return true
                }
                let top = stack[depth - 1]
                entries[top].length += 1
                skipWhitespace()
                guard pos < count else { throw JSONSyntaxError(.unexpectedEndOfInput, at: pos) }
                let next = bytes[pos]
                let isObject = entries[top].kind == .object
                if next == UInt8(ascii: ",") {
                    pos += 1
                    if isObject { try parseKey() }
                    continue valueLoop
                }
                if next == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    pos += 1
                    depth -= 1
                    entries[top].end = UInt32(entryCount)
                    continue
                }
                throw JSONSyntaxError(.unexpectedCharacter(next), at: pos)
            }
        }
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while pos < count {
            switch bytes[pos] {
            case 0x20, 0x0A, 0x0D, 0x09: pos += 1
            default: return
            }
        }
    }

    /// Object member name followed by its colon.
    @inline(__always)
    private mutating func parseKey() throws(JSONSyntaxError) {
        skipWhitespace()
        guard pos < count else { throw JSONSyntaxError(.unexpectedEndOfInput, at: pos) }
        guard bytes[pos] == UInt8(ascii: "\"") else {
            throw JSONSyntaxError(.unexpectedCharacter(bytes[pos]), at: pos)
        }
        try parseString()
        skipWhitespace()
        guard pos < count else { throw JSONSyntaxError(.unexpectedEndOfInput, at: pos) }
        guard bytes[pos] == UInt8(ascii: ":") else {
            throw JSONSyntaxError(.unexpectedCharacter(bytes[pos]), at: pos)
        }
        pos += 1
    }

    private mutating func parseLiteral(
        _ word: StaticString, kind: JSONTape.Kind, flag: Bool
    ) throws(JSONSyntaxError) {
        let text = word.utf8Start
        for i in 0..<word.utf8CodeUnitCount {
            guard pos + i < count else { throw JSONSyntaxError(.unexpectedEndOfInput, at: pos + i) }
            guard bytes[pos + i] == text[i] else {
                throw JSONSyntaxError(.unexpectedCharacter(bytes[pos + i]), at: pos + i)
            }
        }
        append(kind, flag: flag, start: pos, length: word.utf8CodeUnitCount)
        pos += word.utf8CodeUnitCount
    }

    @inline(__always)
    private mutating func append(_ kind: JSONTape.Kind, flag: Bool, start: Int, length: Int) {
        if _slowPath(entryCount == entryCapacity) { growEntries() }
        entries[entryCount] = JSONTape.Entry(
            kind: kind, flag: flag, start: UInt32(truncatingIfNeeded: start),
            length: UInt32(truncatingIfNeeded: length), end: UInt32(truncatingIfNeeded: entryCount + 1))
        entryCount += 1
    }

    private mutating func growEntries() {
        let newCapacity = entryCapacity * 2
        let grown = UnsafeMutablePointer<JSONTape.Entry>.allocate(capacity: newCapacity)
        grown.moveInitialize(from: entries, count: entryCount)
        if ownsEntries { entries.deallocate() }
        entries = grown
        ownsEntries = true
        entryCapacity = newCapacity
    }

    @inline(__always)
    private func isDigit(_ index: Int) -> Bool {
        index < count && bytes[index] &- UInt8(ascii: "0") < 10
    }

    private mutating func parseNumber() throws(JSONSyntaxError) {
        let start = pos
        var p = pos
        if bytes[p] == UInt8(ascii: "-") { p += 1 }
        guard isDigit(p) else { throw JSONSyntaxError(.invalidNumber, at: start) }
        if bytes[p] == UInt8(ascii: "0") {
            p += 1
            if isDigit(p) { throw JSONSyntaxError(.invalidNumber, at: start) }
        } else {
            while isDigit(p) { p += 1 }
        }
        var isDecimal = false
        if p < count && bytes[p] == UInt8(ascii: ".") {
            p += 1
            isDecimal = true
            guard isDigit(p) else { throw JSONSyntaxError(.invalidNumber, at: start) }
            while isDigit(p) { p += 1 }
        }
        if p < count && (bytes[p] | 0x20) == UInt8(ascii: "e") {
            p += 1
            isDecimal = true
            if p < count && (bytes[p] == UInt8(ascii: "+") || bytes[p] == UInt8(ascii: "-")) { p += 1 }
            guard isDigit(p) else { throw JSONSyntaxError(.invalidNumber, at: start) }
            while isDigit(p) { p += 1 }
        }
        append(isDecimal ? .decimal : .integer, flag: false, start: start, length: p - start)
        pos = p
    }

    @inline(__always)
    private mutating func parseString() throws(JSONSyntaxError) {
        let quote = pos
        var p = pos + 1
        var escaped = false
        while true {
            p = skipPlainASCII(from: p)
            guard p < count else { throw JSONSyntaxError(.unterminatedString, at: quote) }
            let byte = bytes[p]
            if byte == UInt8(ascii: "\"") { break }
            if byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\\") {
                p += 1
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
                p = try scanEscape(at: p, quote: quote)
            } else if byte < 0x20 {
                throw JSONSyntaxError(.controlCharacterInString(byte), at: p)
            } else {
                p = try scanUTF8(at: p)
            }
        }
        append(.string, flag: escaped, start: quote + 1, length: p - quote - 1)
        pos = p + 1
    }

    /// Skips 8 bytes at a time while none of them is `"`, `\`, a control character or
    /// non-ASCII (SWAR: per-byte tests done with 64-bit arithmetic). Returns the offset of
    /// the first byte that needs a closer look.
    @inline(__always)
    private func skipPlainASCII(from start: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var p = start
        while p &+ 8 <= count {
            let word = UnsafeRawPointer(bytes + p).loadUnaligned(as: UInt64.self)
            let quotes = word ^ (ones &* 0x22)
            let backslashes = word ^ (ones &* 0x5C)
            // A byte is flagged when it is zero after the XOR, below 0x20, or has its top bit
            // set. Borrows can only flag bytes above a truly flagged one, so the lowest flag
            // is exact.
            let flagged =
                ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
                | ((word &- ones &* 0x20) & ~word) | word
            let hits = flagged & highs
            if hits != 0 { return p &+ hits.trailingZeroBitCount >> 3 }
            p &+= 8
        }
        return p
    }

    /// Returns the offset after the escape; surrogates must come as a high/low pair so
    /// every string on the tape decodes to valid Unicode.
    private func scanEscape(at p: Int, quote: Int) throws(JSONSyntaxError) -> Int {
        guard p + 1 < count else { throw JSONSyntaxError(.unterminatedString, at: quote) }
        switch bytes[p + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return p + 2
        case UInt8(ascii: "u"):
            let unit = try hex4(at: p + 2, escape: p, quote: quote)
            switch unit {
            case 0xD800...0xDBFF:
                guard p + 7 < count,
                    bytes[p + 6] == UInt8(ascii: "\\"), bytes[p + 7] == UInt8(ascii: "u")
                else { throw JSONSyntaxError(.unpairedSurrogate, at: p) }
                let low = try hex4(at: p + 8, escape: p + 6, quote: quote)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw JSONSyntaxError(.unpairedSurrogate, at: p)
                }
                return p + 12
            case 0xDC00...0xDFFF:
                throw JSONSyntaxError(.unpairedSurrogate, at: p)
            default:
                return p + 6
            }
        default:
            throw JSONSyntaxError(.invalidEscape, at: p)
        }
    }

    private func hex4(at start: Int, escape: Int, quote: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for i in start..<start + 4 {
            guard i < count else { throw JSONSyntaxError(.unterminatedString, at: quote) }
            guard let digit = JSONTapeParser.hexValue(bytes[i]) else {
                throw JSONSyntaxError(.invalidEscape, at: escape)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Well-formed UTF-8 per Unicode table 3-7: no overlongs, no encoded surrogates,
    /// nothing above U+10FFFF.
    private func scanUTF8(at p: Int) throws(JSONSyntaxError) -> Int {
        @inline(__always)
        func continuation(_ i: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            i < count && bytes[i] >= low && bytes[i] <= high
        }
        let lead = bytes[p]
        let valid: Bool
        let length: Int
        switch lead {
        case 0xC2...0xDF:
            length = 2; valid = continuation(p + 1)
        case 0xE0:
            length = 3; valid = continuation(p + 1, 0xA0) && continuation(p + 2)
        case 0xE1...0xEC, 0xEE...0xEF:
            length = 3; valid = continuation(p + 1) && continuation(p + 2)
        case 0xED:
            length = 3; valid = continuation(p + 1, 0x80, 0x9F) && continuation(p + 2)
        case 0xF0:
            length = 4; valid = continuation(p + 1, 0x90) && continuation(p + 2) && continuation(p + 3)
        case 0xF1...0xF3:
            length = 4; valid = continuation(p + 1) && continuation(p + 2) && continuation(p + 3)
        case 0xF4:
            length = 4; valid = continuation(p + 1, 0x80, 0x8F) && continuation(p + 2) && continuation(p + 3)
        default:
            length = 0; valid = false
        }
        guard valid else { throw JSONSyntaxError(.invalidUTF8, at: p) }
        return p + length
    }
}
