public import Foundation
import Synchronization

/// The unique identity of a notice, kept across the journal, export and import.
///
/// Fresh ids are UUIDs (version 8 layout) made from a random per-process prefix
/// and a counter: unique within a process by construction, across processes
/// with the odds of a random UUID, and cheap enough to make on every post
/// (`UUID()` costs a system call per id on Linux).
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
    /// every replayed notice, so digits are converted arithmetically and
    /// checked all at once at the end rather than one branch per byte.
    init?(utf8 bytes: UnsafeRawBufferPointer) {
        let dash = UInt8(ascii: "-")
        guard bytes.count == 36, bytes[8] == dash, bytes[13] == dash, bytes[18] == dash, bytes[23] == dash else {
            return nil
        }
        var valid = true
        func digits(_ range: Range<Int>, into word: inout UInt64) {
            for offset in range {
                let byte = bytes[offset]
                // '0'-'9' are 0x30-0x39; 'a'-'f' and 'A'-'F' have bit 6 set.
                valid = valid && (byte &- 0x30 < 10 || (byte | 0x20) &- 0x61 < 6)
                word = word << 4 | UInt64((byte & 0x0F) &+ 9 &* (byte >> 6))
            }
        }
        var high: UInt64 = 0, low: UInt64 = 0
        digits(0..<8, into: &high)
        digits(9..<13, into: &high)
        digits(14..<18, into: &high)
        digits(19..<23, into: &low)
        digits(24..<36, into: &low)
        guard valid else { return nil }
        self.high = high
        self.low = low
    }

    /// A new id, never handed out before by this process.
    public static func next() -> NoticeID {
        NoticeIDGenerator.shared.next()
    }

    /// The id as a UUID.
    public var uuid: UUID {
        func byte(_ word: UInt64, _ index: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> (56 - 8 * index)) }
        return UUID(uuid: (
            byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3),
            byte(high, 4), byte(high, 5), byte(high, 6), byte(high, 7),
            byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3),
            byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7)))
    }

    /// The lowercase canonical text (8-4-4-4-12), as stored in the journal.
    public var description: String {
        let hex = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: 36) { buffer in
            var position = 0
            for (word, range) in [(high, 0..<16), (low, 16..<32)] {
                for digit in range {
                    if digit == 8 || digit == 12 || digit == 16 || digit == 20 {
                        buffer[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    let shift = UInt64(60 - 4 * (digit % 16))
                    buffer[position] = hex[Int((word >> shift) & 0xF)]
                    position += 1
                }
            }
            return position
        }
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

/// Hands out ids: 64 random bits fixed per process, 64 bits of counter.
final class NoticeIDGenerator: Sendable {
    static let shared = NoticeIDGenerator()

    private let prefix: UInt64
    private let counter = Atomic<UInt64>(0)

    init() {
        var generator = SystemRandomNumberGenerator()
        prefix = generator.next()
    }

    func next() -> NoticeID {
        let count = counter.wrappingAdd(1, ordering: .relaxed).newValue
        // Version 8 (custom) in the high nibble of byte 6, RFC 4122 variant in byte 8.
        return NoticeID(
            high: (prefix & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_8000,
            low: (count & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000)
    }
}
