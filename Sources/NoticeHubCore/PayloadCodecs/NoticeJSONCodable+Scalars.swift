import NoticeJSON

// Strings, Booleans and floating-point numbers spelled as NoticeHub's `Codable` coders
// spell them.

extension String: NoticeJSONCodable {
    /// Writes the string quoted, escaping only `"`, `\` and control characters.
    public func writeNoticeJSON(to writer: inout NoticeJSONWriter) throws {
        writer.bytes.writeString(self)
    }

    /// Reads a JSON string.
    public init(noticeJSON json: NoticeJSONValue) throws {
        self = try json.tape.scalar(String.self)
    }
}

extension Bool: NoticeJSONCodable {
    /// Writes `true` or `false`.
    public func writeNoticeJSON(to writer: inout NoticeJSONWriter) throws {
        writer.bytes.append(self ? "true" : "false")
    }

    /// Reads `true` or `false`.
    public init(noticeJSON json: NoticeJSONValue) throws {
        self = try json.tape.scalar(Bool.self)
    }
}

extension Double: NoticeJSONCodable {
    /// Writes the shortest text that reads back as the same number; a non-finite number
    /// throws `EncodingError.invalidValue`, as JSON has no spelling for it.
    public func writeNoticeJSON(to writer: inout NoticeJSONWriter) throws {
        try EncodingSpecialCases.checkFinite(self, codingPath: [])
        writer.bytes.writeDouble(self)
    }

    /// Reads a JSON number that is finite as a `Double`.
    public init(noticeJSON json: NoticeJSONValue) throws {
        self = try json.tape.scalar(Double.self)
    }
}

extension Float: NoticeJSONCodable {
    /// Writes the shortest text that reads back as the same `Float`; a non-finite number
    /// throws `EncodingError.invalidValue`, as JSON has no spelling for it.
    public func writeNoticeJSON(to writer: inout NoticeJSONWriter) throws {
        try EncodingSpecialCases.checkFinite(self, codingPath: [])
        writer.bytes.writeFloat(self)
    }

    /// Reads a JSON number that is finite as a `Float`.
    public init(noticeJSON json: NoticeJSONValue) throws {
        self = try json.tape.scalar(Float.self)
    }
}
