import NoticeJSON

/// How the hub tells the payload types with a ``NoticeJSONCodable`` conformance from the
/// others, once per payload encoded or decoded: a run-time conformance check, which the
/// Swift runtime answers from its cache after the first time it meets a type.
enum DirectPayload {
    /// `value` as JSON text through its own conformance; nil when it has none.
    static func text(of value: any Encodable) throws -> String? {
        guard let direct = value as? any NoticeJSONCodable else { return nil }
        return try text(ofDirect: direct)
    }

    private static func text<C: NoticeJSONCodable>(ofDirect value: C) throws -> String {
        var writer = NoticeJSONWriter()
        try value.writeNoticeJSON(to: &writer)
        return writer.bytes.string
    }

    /// The JSON in `utf8` as a `T`, through `T`'s own conformance; nil when it has none.
    @inline(__always)
    static func decode<T: Decodable>(_ type: T.Type, from utf8: UnsafeRawBufferPointer) throws -> T? {
        guard let direct = T.self as? any NoticeJSONCodable.Type else { return nil }
        return try decode(direct, from: utf8, as: T.self)
    }

    private static func decode<C: NoticeJSONCodable, T>(
        _ type: C.Type, from utf8: UnsafeRawBufferPointer, as: T.Type
    ) throws -> T {
        let value = try PayloadDecoder().withTape(utf8) { try C(noticeJSON: NoticeJSONValue($0)) }
        // C is T, as the cast that chose this path proved.
        return unsafeBitCast(value, to: T.self)
    }
}
