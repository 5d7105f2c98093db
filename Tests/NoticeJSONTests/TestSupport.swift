import Foundation
import NoticeJSON

/// Shared helpers for the test suites.
enum TestSupport {
    static func encodeString<T: Encodable>(_ value: T) throws -> String {
        try PayloadEncoder().encodeToString(value)
    }

    static func roundTrip<T: Codable>(_ value: T) throws -> T {
        try PayloadDecoder().decode(T.self, from: PayloadEncoder().encode(value))
    }
}
