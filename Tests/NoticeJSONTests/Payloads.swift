import Foundation
import NoticeJSON

/// Encoding and round trips through NoticeJSON's coders, in one call.
enum Payloads {
    static func encodeString<T: Encodable>(_ value: T) throws -> String {
        try PayloadEncoder().encodeToString(value)
    }

    static func roundTrip<T: Codable>(_ value: T) throws -> T {
        try PayloadDecoder().decode(T.self, from: PayloadEncoder().encode(value))
    }
}
