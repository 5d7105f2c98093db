import Foundation

/// Turns string ranges recorded on a `JSONTape` back into Swift Strings, and compares them
/// with coding keys without allocating.
///
/// Ranges are pre-validated by `JSONTapeParser` (UTF-8, escapes, surrogate pairs), so the
/// unescaper never meets malformed input and has no error path.
enum JSONStringReader {
    static func string(_ raw: UnsafeBufferPointer<UInt8>, escaped: Bool) -> String {
        guard escaped else { return String(decoding: raw, as: UTF8.self) }
        // Every escape is at least as long as what it decodes to.
        return String(unsafeUninitializedCapacity: Swift.max(raw.count, 1)) { out in
            unescape(raw, into: out.baseAddress!)
        }
    }

    /// True when the string range equals `key` after unescaping.
    @inline(__always)
    static func equals(_ raw: UnsafeBufferPointer<UInt8>, escaped: Bool, key: UnsafeBufferPointer<UInt8>) -> Bool {
        if !escaped {
            guard raw.count == key.count else { return false }
            // Keys are short; a plain loop beats a call into memcmp.
            var i = 0
            while i < raw.count {
                if raw[i] != key[i] { return false }
                i += 1
            }
            return true
        }
        // Escaped keys are rare; decoding them is simpler than comparing incrementally.
        var decoded = string(raw, escaped: true)
        return decoded.withUTF8 { $0.elementsEqual(key) }
    }

    /// Writes the unescaped UTF-8 and returns its length.
    private static func unescape(_ raw: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var i = 0
        var o = 0
        let n = raw.count
        while i < n {
            let byte = raw[i]
            if byte != UInt8(ascii: "\\") {
                out[o] = byte
                o += 1
                i += 1
                continue
            }
            let kind = raw[i + 1]
            i += 2
            switch kind {
            case UInt8(ascii: "b"): out[o] = 0x08; o += 1
            case UInt8(ascii: "f"): out[o] = 0x0C; o += 1
            case UInt8(ascii: "n"): out[o] = 0x0A; o += 1
            case UInt8(ascii: "r"): out[o] = 0x0D; o += 1
            case UInt8(ascii: "t"): out[o] = 0x09; o += 1
            case UInt8(ascii: "u"):
                var scalar = hex4(raw, i)
                i += 4
                if scalar >= 0xD800 && scalar < 0xDC00 {
                    let low = hex4(raw, i + 2)
                    i += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                o += encodeUTF8(scalar, into: out + o)
            default: // \" \\ \/
                out[o] = kind
                o += 1
            }
        }
        return o
    }

    @inline(__always)
    private static func hex4(_ raw: UnsafeBufferPointer<UInt8>, _ start: Int) -> UInt32 {
        var value: UInt32 = 0
        for i in start..<start + 4 {
            value = value << 4 | UInt32(JSONTapeParser.hexValue(raw[i]) ?? 0)
        }
        return value
    }

    private static func encodeUTF8(_ scalar: UInt32, into out: UnsafeMutablePointer<UInt8>) -> Int {
        switch scalar {
        case 0..<0x80:
            out[0] = UInt8(scalar)
            return 1
        case 0x80..<0x800:
            out[0] = UInt8(0xC0 | scalar >> 6)
            out[1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        case 0x800..<0x10000:
            out[0] = UInt8(0xE0 | scalar >> 12)
            out[1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        default:
            out[0] = UInt8(0xF0 | scalar >> 18)
            out[1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            out[2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }
}
