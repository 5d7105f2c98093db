/// An optional that a synthesized `Encodable` conformance writes as `null`
/// when it is absent, where it would leave out a plain optional's key: the
/// tool's JSON lists every documented key.
struct JSONNullable<Wrapped: Encodable>: Encodable {
    var value: Wrapped?

    init(_ value: Wrapped?) {
        self.value = value
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value {
            try container.encode(value)
        } else {
            try container.encodeNil()
        }
    }
}
