public import Foundation
import Synchronization

/// The unique identity of a notice, kept across the journal, export and import.
///
/// Fresh ids are UUIDs (version 8 layout) made from a random per-process prefix
/// and a counter: unique within a process by construction, across processes
/// with the odds of a random UUID, and cheap enough to make on every post
/// (`UUID()` costs a system call per id on Linux).
public struct NoticeID: Hashable, Sendable, CustomStringConvertible {
    /// The id as a UUID.
    public let uuid: UUID

    /// Wraps an existing UUID, for ids read back from a journal or an import.
    public init(_ uuid: UUID) {
        self.uuid = uuid
    }

    /// Parses the canonical textual form, or returns nil.
    public init?(_ text: String) {
        guard let uuid = UUID(uuidString: text) else { return nil }
        self.uuid = uuid
    }

    /// A new id, never handed out before by this process.
    public static func next() -> NoticeID {
        NoticeIDGenerator.shared.next()
    }

    /// The lowercase canonical text, as stored in the journal.
    public var description: String { uuid.uuidString.lowercased() }
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
        let high = (prefix & 0xFFFF_FFFF_FFFF_0FFF) | 0x0000_0000_0000_8000
        let low = (count & 0x3FFF_FFFF_FFFF_FFFF) | 0x8000_0000_0000_0000
        return NoticeID(UUID(uuid: (
            byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3),
            byte(high, 4), byte(high, 5), byte(high, 6), byte(high, 7),
            byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3),
            byte(low, 4), byte(low, 5), byte(low, 6), byte(low, 7))))
    }

    /// Byte `index` of `value`, most significant first.
    private func byte(_ value: UInt64, _ index: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: value >> (56 - 8 * index))
    }
}
