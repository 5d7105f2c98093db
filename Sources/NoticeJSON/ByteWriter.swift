import Foundation

/// A growable byte buffer specialised for emitting compact JSON.
///
/// It is `~Copyable` so the manually managed storage has exactly one owner and is freed
/// exactly once; `[UInt8].append` was measurably slower per byte on the encode hot path
/// because of its uniqueness and capacity checks.
package struct ByteWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    package private(set) var count = 0

    package init(capacity: Int = 256) {
        self.capacity = Swift.max(capacity, 16)
        self.base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// The bytes written so far, copied out.
    package var bytes: [UInt8] {
        [UInt8](UnsafeBufferPointer(start: base, count: count))
    }

    package var string: String {
        // Everything written is valid UTF-8 by construction (strings come from Swift
        // Strings, the rest is ASCII), so decoding cannot substitute replacement characters.
        String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }

    /// Empties the buffer for reuse; one grown past `retainedCapacity` by a large document
    /// goes back to its initial size.
    mutating func removeAll() {
        count = 0
        if capacity > Self.retainedCapacity {
            base.deallocate()
            capacity = 256
            base = .allocate(capacity: capacity)
        }
    }

    /// The largest buffer a reused writer keeps between documents.
    static let retainedCapacity = 64 * 1024

    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if _slowPath(count + extra > capacity) { grow(to: count + extra) }
    }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    package mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always)
    package mutating func append(_ a: UInt8, _ b: UInt8) {
        reserve(2)
        base[count] = a
        base[count + 1] = b
        count += 2
    }

    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    package mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends text that is known not to need escaping (numbers, base64, timestamps).
    mutating func appendRaw(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    // MARK: Strings

    /// Writes `text` as a quoted JSON string. Only `"`, `\` and C0 controls are escaped;
    /// non-ASCII is copied through as UTF-8, which JSON permits and keeps payloads small.
    package mutating func writeString(_ text: String) {
        var text = text
        text.withUTF8 { writeString(utf8: $0) }
    }

    package mutating func writeString(utf8 text: UnsafeBufferPointer<UInt8>) {
        // Worst case every byte becomes \u00XX; reserving it up front lets the copy loop
        // skip per-byte capacity checks.
        reserve(text.count * 6 + 2)
        var out = base + count
        out.pointee = UInt8(ascii: "\"")
        out += 1
        var runStart = 0
        var i = 0
        let n = text.count
        let source = text.baseAddress!
        while i < n {
            i = Self.skipUnescaped(source, from: i, count: n)
            if i == n { break }
            let byte = text[i]
            if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                i += 1
                continue
            }
            if i > runStart {
                out.update(from: text.baseAddress! + runStart, count: i - runStart)
                out += i - runStart
            }
            out = Self.writeEscape(byte, to: out)
            i += 1
            runStart = i
        }
        if n > runStart {
            out.update(from: text.baseAddress! + runStart, count: n - runStart)
            out += n - runStart
        }
        out.pointee = UInt8(ascii: "\"")
        out += 1
        count = out - base
    }

    /// Skips 8 bytes at a time while none needs escaping (SWAR, as in `JSONTapeParser`);
    /// returns the offset of the first byte that might.
    @inline(__always)
    private static func skipUnescaped(_ text: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        var i = start
        while i &+ 8 <= count {
            let word = UnsafeRawPointer(text + i).loadUnaligned(as: UInt64.self)
            let quotes = word ^ (ones &* 0x22)
            let backslashes = word ^ (ones &* 0x5C)
            // Flags bytes equal to `"` or `\` and bytes below 0x20; the lowest flag is exact.
            let flagged =
                ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
                | ((word &- ones &* 0x20) & ~word)
            let hits = flagged & (ones &* 0x80)
            if hits != 0 { return i &+ hits.trailingZeroBitCount >> 3 }
            i &+= 8
        }
        while i < count {
            let byte = text[i]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return i }
            i += 1
        }
        return i
    }

    private static func writeEscape(_ byte: UInt8, to out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        out[0] = UInt8(ascii: "\\")
        let short: UInt8
        switch byte {
        case UInt8(ascii: "\""): short = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): short = UInt8(ascii: "\\")
        case 0x0A: short = UInt8(ascii: "n")
        case 0x09: short = UInt8(ascii: "t")
        case 0x0D: short = UInt8(ascii: "r")
        case 0x08: short = UInt8(ascii: "b")
        case 0x0C: short = UInt8(ascii: "f")
        default:
            let hex: StaticString = "0123456789abcdef"
            out[1] = UInt8(ascii: "u")
            out[2] = UInt8(ascii: "0")
            out[3] = UInt8(ascii: "0")
            out[4] = hex.utf8Start[Int(byte >> 4)]
            out[5] = hex.utf8Start[Int(byte & 0xF)]
            return out + 6
        }
        out[1] = short
        return out + 2
    }

    // MARK: Numbers

    package mutating func writeInteger(_ value: Int64) {
        if value < 0 {
            append(UInt8(ascii: "-"))
            writeInteger(UInt64(bitPattern: 0 &- value)) // magnitude, also right for Int64.min
        } else {
            writeInteger(UInt64(value))
        }
    }

    package mutating func writeInteger(_ value: UInt64) {
        reserve(20)
        var digits = 1
        var probe = value
        while probe >= 10 {
            probe /= 10
            digits += 1
        }
        var remaining = value
        var p = base + count + digits
        repeat {
            p -= 1
            p.pointee = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
            remaining /= 10
        } while remaining != 0
        count += digits
    }

    /// Shortest round-trip text (Swift's `description`), which is always valid JSON for
    /// finite values: integral doubles keep a trailing `.0` so they read back as doubles.
    /// Callers must reject non-finite values first.
    package mutating func writeDouble(_ value: Double) {
        appendRaw(value.description)
    }

    /// Floats use their own shortest form so `Float(0.1)` is written as `0.1`, not as the
    /// widened `0.10000000149011612`.
    package mutating func writeFloat(_ value: Float) {
        appendRaw(value.description)
    }
}
