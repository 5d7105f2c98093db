import NoticeJSON

extension Array: NoticeJSONCodable where Element: NoticeJSONCodable {
    /// Writes a JSON array of the elements, each through its own conformance.
    public func writeNoticeJSON(to writer: inout NoticeJSONWriter) throws {
        // As in `init(noticeJSON:)`: the common scalars through specialized code.
        if Element.self == String.self { return try writeArray(unsafeBitCast(self, to: [String].self), to: &writer) }
        if Element.self == Int.self { return try writeArray(unsafeBitCast(self, to: [Int].self), to: &writer) }
        if Element.self == Double.self { return try writeArray(unsafeBitCast(self, to: [Double].self), to: &writer) }
        if Element.self == Bool.self { return try writeArray(unsafeBitCast(self, to: [Bool].self), to: &writer) }
        try writeArray(self, to: &writer)
    }

    /// Reads a JSON array, each element through the element type's conformance.
    public init(noticeJSON json: NoticeJSONValue) throws {
        var elements = try json.tape.array(as: [Element].self)
        // Arrays of the common scalars are filled by code specialized for them: this
        // conformance is generic over `Element`, and its unspecialized array calls each
        // looked up the array's metadata.
        if Element.self == String.self {
            self = unsafeBitCast(try scalarArray(String.self, &elements), to: [Element].self)
        } else if Element.self == Int.self {
            self = unsafeBitCast(try scalarArray(Int.self, &elements), to: [Element].self)
        } else if Element.self == Double.self {
            self = unsafeBitCast(try scalarArray(Double.self, &elements), to: [Element].self)
        } else if Element.self == Bool.self {
            self = unsafeBitCast(try scalarArray(Bool.self, &elements), to: [Element].self)
        } else {
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

}

extension Optional: NoticeJSONCodable where Wrapped: NoticeJSONCodable {
    /// Writes `null` for nil, else the wrapped value; a member that is nil is left out
    /// instead by `NoticeJSONWriter.writeIfPresent(_:forKey:)`.
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

/// Writes `elements`; a free function, so that calls with a concrete element type are
/// specialized without looking up the array's metadata.
private func writeArray<E: NoticeJSONCodable>(_ elements: [E], to writer: inout NoticeJSONWriter) throws {
    var index = 0
    try writer.writeArray(elements) { element, writer in
        do {
            try element.writeNoticeJSON(to: &writer)
        } catch {
            throw CodingPathPrefix.adding(CodingPathPrefix.key(index), to: error)
        }
        index += 1
    }
}

/// Reads the array's elements as scalars of one type, in code specialized for it.
private func scalarArray<S: TapeScalar>(_ type: S.Type, _ elements: inout TapeArrayCursor) throws -> [S] {
    var result: [S] = []
    result.reserveCapacity(elements.count)
    while let element = elements.nextElement() {
        do {
            result.append(try element.scalar(S.self))
        } catch {
            throw CodingPathPrefix.adding(CodingPathPrefix.key(result.count), to: error)
        }
    }
    return result
}
