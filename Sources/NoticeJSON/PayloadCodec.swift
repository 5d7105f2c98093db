/// The one place payloads turn into JSON text and back, so the encoding can be
/// tuned without touching its callers. Uses NoticeHub's own Codable JSON
/// (``PayloadEncoder``, ``PayloadDecoder``): Foundation's coders cost several
/// microseconds per small payload, more than the journal append itself.
package enum PayloadCodec {
    package static func encode(_ value: any Encodable) throws -> String {
        try PayloadEncoder().encodeToString(value)
    }

    package static func decode<T: Decodable>(_ type: T.Type, from json: String) throws -> T {
        try PayloadDecoder().decode(T.self, from: json)
    }

    package static func decode<T: Decodable>(_ type: T.Type, from utf8: [UInt8]) throws -> T {
        try PayloadDecoder().decode(T.self, from: utf8)
    }

    /// `json` as compact canonical text if it is one JSON value (any value:
    /// payloads are any `Codable`, so `5`, `"text"` and `[1,2]` are payloads
    /// too), else the syntax error. Key order is kept.
    package static func canonical(_ json: String) throws -> String {
        try JSONParser.parse(json).serialized()
    }

    /// One line naming where and why decoding or encoding failed.
    package static func describe(_ error: any Error) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.isEmpty
                ? "" : " at \(codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "."))"
        }
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "missing key \(JSONValue.string(key.stringValue).serialized())\(path(context.codingPath))"
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
