extension PayloadEncoder {
    /// Appends `value` to `writer` as the `Codable` path writes it nested in a container,
    /// for a payload type's generated encoder handing over a field of a type that has no
    /// generated encoder of its own.
    package func encodeNested<T: Encodable>(_ value: T, into writer: inout ByteWriter) throws {
        let bytes = try encode(NestedValue(value: value))
        bytes.withUnsafeBufferPointer { writer.append($0) }
    }
}

/// A value written through a single value container, which encodes it as a nested value
/// (a type that encodes nothing writes `{}`), not as a document of its own.
private struct NestedValue<Value: Encodable>: Encodable {
    let value: Value

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
