public import Foundation
import Synchronization

/// The unique identity of a notice, kept across the journal, export and import.
///
/// Fresh ids are version 7 UUIDs (RFC 9562): the posting time in milliseconds
/// first, then 24 bits chosen at random per process and a 50-bit counter
/// that starts at a random value. They are unique within a process by
/// construction and across processes by a wide margin, cheap enough to make on
/// every post (`UUID()` costs a system call per id on Linux), and ordered
/// by time, so the journal's index of ids grows at its end: a commit of
/// notices from eight threads touches one or two index pages rather than
/// one page per thread.
public struct NoticeID: Hashable, Sendable, CustomStringConvertible {
    /// The 128 bits as two words, most significant first: cheap to make,
    /// compare and hash on every post; the UUID is built only when asked.
    let high: UInt64
    let low: UInt64

    /// Wraps an existing UUID, for ids read back from a journal or an import.
    public init(_ uuid: UUID) {
        let bytes = uuid.uuid
        high = [bytes.0, bytes.1, bytes.2, bytes.3, bytes.4, bytes.5, bytes.6, bytes.7]
            .reduce(0) { $0 << 8 | UInt64($1) }
        low = [bytes.8, bytes.9, bytes.10, bytes.11, bytes.12, bytes.13, bytes.14, bytes.15]
            .reduce(0) { $0 << 8 | UInt64($1) }
    }

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// Parses the canonical textual form (either case), or returns nil.
    public init?(_ text: String) {
        var text = text
        guard let id = text.withUTF8({ NoticeID(utf8: UnsafeRawBufferPointer($0)) }) else { return nil }
        self = id
    }

    /// Parses `8-4-4-4-12` hexadecimal digits from UTF-8 bytes. Runs for
    /// every replayed notice, so the 32 digits are read eight at a time as
    /// words, converted and checked without a branch per byte.
    package init?(utf8 bytes: UnsafeRawBufferPointer) {
        let dash = UInt8(ascii: "-")
        guard bytes.count == 36, bytes[8] == dash, bytes[13] == dash, bytes[18] == dash, bytes[23] == dash else {
            return nil
        }
        func word(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        func half(_ offset: Int) -> UInt64 {
            UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        }
        // Groups of eight digits: 0-7, 9-12 with 14-17, 19-22 with 32-35, 24-31.
        let first = HexWord(word(0))
        let second = HexWord(half(9) | half(14) << 32)
        let third = HexWord(half(19) | half(32) << 32)
        let fourth = HexWord(word(24))
        guard first.isValid && second.isValid && third.isValid && fourth.isValid else { return nil }
        high = first.value << 32 | second.value
        low = (third.value >> 16) << 48 | fourth.value << 16 | (third.value & 0xFFFF)
    }

    /// A new id, never handed out before by this process.
    public static func next() -> NoticeID {
        DeliveryContext.current.nextID(milliseconds: WallClock.nowMilliseconds())
    }

    /// The id as a UUID.
    public var uuid: UUID {
        func byte(_ word: UInt64, _ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> (56 - 8 * index)) }
        return UUID(
            uuid: (
                byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3),
                byte(high, 4), byte(high, 5), byte(high, 6), byte(high, 7),
                byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3),
                byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)
            ))
    }

    /// The lowercase canonical text (8-4-4-4-12), as export lines carry it.
    /// Made for every exported notice, so written straight into the
    /// string's storage from a static digit table.
    public var description: String {
        String(unsafeUninitializedCapacity: Self.textLength) { buffer in
            write(into: UnsafeMutableRawBufferPointer(buffer))
            return Self.textLength
        }
    }

    /// Reads the 16 bytes of ``withBytes(_:)``, most significant first, or
    /// returns nil for any other length. Runs for every replayed notice of
    /// a SQLite journal: two unaligned loads.
    package init?(bytes: UnsafeRawBufferPointer) {
        guard bytes.count == Self.byteCount else { return nil }
        high = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self))
        low = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    }

    /// Calls `body` with the id's 16 bytes, most significant first (the
    /// UUID's own byte order, so a version-7 id's bytes sort by time),
    /// written on the stack: the form a SQLite journal stores and binds.
    package func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        var words = (high.bigEndian, low.bigEndian)
        return try withUnsafeBytes(of: &words) { try body($0) }
    }

    /// Whether this is a version-7 id made at `milliseconds`, whose first
    /// 48 bits are that time: a SQLite journal then stores no time of its
    /// own for the notice.
    package func carriesTime(_ milliseconds: Int64) -> Bool {
        (high >> 12) & 0xF == 7 && Int64(bitPattern: high >> 16) == milliseconds
    }

    /// The time a version-7 id carries, in milliseconds since 1970.
    package var milliseconds: Int64 { Int64(bitPattern: high >> 16) }

    /// The length of the stored form.
    static let byteCount = 16

    /// The length of the canonical text.
    private static let textLength = 36

    /// Writes the canonical text's 36 bytes at the start of `buffer`.
    private func write(into buffer: UnsafeMutableRawBufferPointer) {
        let hexDigits: StaticString = "0123456789abcdef"
        let digits = hexDigits.utf8Start
        var position = 0
        /// Writes the digits `first..<last` of `word`, 0 the most significant.
        func write(_ word: UInt64, _ first: Int, _ last: Int, dash: Bool) {
            for digit in first..<last {
                buffer[position] = digits[Int(truncatingIfNeeded: word >> UInt64(60 - 4 * digit) & 0xF)]
                position += 1
            }
            if dash {
                buffer[position] = UInt8(ascii: "-")
                position += 1
            }
        }
        write(high, 0, 8, dash: true)
        write(high, 8, 12, dash: true)
        write(high, 12, 16, dash: true)
        write(low, 0, 4, dash: true)
        write(low, 4, 16, dash: false)
    }
}

extension NoticeID: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let id = NoticeID(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\(String(reflecting: text)) is not a UUID")
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// Hands out ids: a time stamp, 24 random bits fixed per process, and a
/// counter that each thread takes in blocks.
final class NoticeIDGenerator: Sendable {
    static let shared = NoticeIDGenerator()

    /// Version 7 in bits 12-15, then 12 random bits.
    private let highTail: UInt64
    /// The RFC 4122 variant in the top two bits, then 12 random bits.
    private let lowHead: UInt64
    private let counter: Atomic<UInt64>

    /// The counter's share of the low word.
    static let counterMask: UInt64 = (1 << 50) - 1

    init() {
        var generator = SystemRandomNumberGenerator()
        highTail = 0x7000 | generator.next() & 0x0FFF
        lowHead = 0x8000_0000_0000_0000 | (generator.next() & 0x0FFF) << 50
        counter = Atomic(generator.next() & Self.counterMask)
    }

    /// Counter values handed to one thread at a time.
    static let blockSize: UInt64 = 4096

    /// Counter values no other caller will get.
    func reserveBlock() -> Range<UInt64> {
        let end = counter.wrappingAdd(Self.blockSize, ordering: .relaxed).newValue
        return (end &- Self.blockSize)..<end
    }

    /// The id for one counter value of a reserved block, posted at
    /// `milliseconds` since 1970.
    func id(counter count: UInt64, milliseconds: Int64) -> NoticeID {
        NoticeID(
            high: UInt64(truncatingIfNeeded: milliseconds) << 16 | highTail,
            low: lowHead | count & Self.counterMask)
    }
}

/// Eight ASCII hexadecimal digits held in a word, first digit in the lowest
/// byte, converted with word arithmetic (SWAR) instead of a loop.
private struct HexWord {
    let value: UInt64
    let isValid: Bool

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    @inline(__always)
    init(_ x: UInt64) {
        // Each byte is below 0x80, so adding to it never carries into the next:
        // bit 7 of `byte + (0x80 - low)` says byte >= low, and bit 7 of
        // `byte + (0x7F - high)` says byte > high.
        func inRange(_ x: UInt64, _ low: UInt64, _ high: UInt64) -> UInt64 {
            (x &+ (0x80 - low) &* Self.ones) & ~(x &+ (0x7F - high) &* Self.ones) & Self.highBits
        }
        let lowered = x | (0x20 &* Self.ones)
        let digits = inRange(x, 0x30, 0x39) | inRange(lowered, 0x61, 0x66)
        isValid = (x & Self.highBits) == 0 && digits == Self.highBits
        // '0'-'9' keep their low nibble; letters (bit 6 set) add 9 to theirs.
        let nibbles = (x & (0x0F &* Self.ones)) &+ 9 &* ((x >> 6) & Self.ones)
        // Pairs of nibbles into bytes, bytes into one 32-bit word, first digit highest.
        let bytes = (nibbles & 0x000F_000F_000F_000F) << 4 | ((nibbles >> 8) & 0x000F_000F_000F_000F)
        let shorts = (bytes | (bytes >> 8)) & 0x0000_FFFF_0000_FFFF
        value = UInt64(UInt32(truncatingIfNeeded: shorts | (shorts >> 16)).byteSwapped)
    }
}
