import NoticeJSON

/// How a notice holds its payload: the posted value itself while the notice is
/// live, or the journaled JSON text, decoded only when a handler asks for it.
package enum NoticePayload: Sendable {
    /// No payload; reads as the empty JSON object.
    case empty
    /// The value as posted, not necessarily `Encodable` (an in-process
    /// request's); read back by a cast, encoded only when needed.
    case value(any Sendable)
    /// A posted value known to be `Encodable`: encoding it asks no run-time
    /// cast, which cost about a twentieth of a journaled post.
    case encodable(any Encodable & Sendable)
    /// JSON text from the command line or an import.
    case json(String)
    /// JSON text read back from a journal, kept as its UTF-8 bytes: decoding parses
    /// and validates them anyway, so making a `String` first would check them twice.
    case jsonUTF8([UInt8])

    /// A short description of what is held, for error messages (no values).
    var typeDescription: String {
        switch self {
        case .empty: "no payload"
        case .value(let value): "\(type(of: value))"
        case .encodable(let value): "\(type(of: value))"
        case .json, .jsonUTF8: "JSON text"
        }
    }
}

extension NoticePayload {
    /// Bytes of JSON the notice carries from a journal or a tool; 0 for a
    /// posted value, which is shared, not copied.
    var storedByteCount: Int {
        switch self {
        case .empty, .value, .encodable: 0
        case .json(let text): text.utf8.count
        case .jsonUTF8(let bytes): bytes.count
        }
    }
}

extension NoticePayload {
    /// `json` as compact text if it is one JSON value (any value: payloads
    /// are any `Codable`, so `5`, `"text"` and `[1,2]` are payloads too),
    /// else an error saying why not. Key order is kept.
    static func canonicalJSON(_ json: String) throws(NoticeHubError) -> String {
        do {
            return try PayloadCodec.canonical(json)
        } catch {
            throw .invalidPayload("it is not valid JSON (\(error))")
        }
    }
}
