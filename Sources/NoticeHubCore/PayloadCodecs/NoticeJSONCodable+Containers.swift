import NoticeJSON

extension Array: NoticeJSONCodable where Element: NoticeJSONCodable {
    /// Writes a JSON array of the elements, each through its own conformance.
    public func writeNoticeJSON(to writer: inout NoticeJSONWriter) throws {
        var index = 0
        try writer.writeArray(self) { element, writer in
            do {
                try element.writeNoticeJSON(to: &writer)
            } catch {
                throw CodingPathPrefix.adding(CodingPathPrefix.key(index), to: error)
            }
            index += 1
        }
    }

    /// Reads a JSON array, each element through the element type's conformance.
    public init(noticeJSON json: NoticeJSONValue) throws {
        var elements = try json.tape.array(as: [Element].self)
        self = []
        reserveCapacity(elements.count)
        while let element = elements.nextElement() {
            do {
                append(try Element(noticeJSON: NoticeJSONValue(element)))
            } catch {
                throw CodingPathPrefix.adding(CodingPathPrefix.key(count), to: error)
            }
        }
    }
}

extension Optional: NoticeJSONCodable where Wrapped: NoticeJSONCodable {
    /// Writes `null` for nil, else the wrapped value; a member that is nil is left out
    /// instead by ``NoticeJSONWriter/writeIfPresent(_:forKey:)-(T?,_)``.
    public func writeNoticeJSON(to writer: inout NoticeJSONWriter) throws {
        if let self {
            try self.writeNoticeJSON(to: &writer)
        } else {
            writer.bytes.append("null")
        }
    }

    /// Reads nil from `null`, else the wrapped value.
    public init(noticeJSON json: NoticeJSONValue) throws {
        self = json.isNull ? nil : try Wrapped(noticeJSON: json)
    }
}
