import Foundation

/// The one place payloads turn into JSON text and back, so the encoding can be
/// tuned without touching its callers.
enum PayloadCodec {
    static func encode(_ value: any Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, from json: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    /// `json` if it is one JSON object, else an error saying what it is.
    static func validatedObject(_ json: String) throws(NoticeHubError) -> String {
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
        } catch {
            throw .invalidPayload("it is not valid JSON")
        }
        guard value is [String: Any] else { throw .invalidPayload("it is not a JSON object") }
        return json
    }

    /// One line naming where and why decoding or encoding failed.
    static func describe(_ error: any Error) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.isEmpty ? "" : " at \(codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "."))"
        }
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "missing key \(String(reflecting: key.stringValue))\(path(context.codingPath))"
        case DecodingError.typeMismatch(_, let context),
             DecodingError.valueNotFound(_, let context),
             DecodingError.dataCorrupted(let context):
            return context.debugDescription + path(context.codingPath)
        case EncodingError.invalidValue(_, let context):
            return context.debugDescription + path(context.codingPath)
        default:
            return "\(error)"
        }
    }
}
