/// Puts the key of an enclosing container in front of the coding path of an error thrown
/// inside it, for code that reads or writes nested values without `Decoder`'s path
/// bookkeeping: the path is built only for an error, never for a value that succeeds.
package enum CodingPathPrefix {
    /// `error` with `key` first in its coding path; other errors unchanged.
    package static func adding(_ key: any CodingKey, to error: any Error) -> any Error {
        switch error {
        case DecodingError.keyNotFound(let missing, let context):
            return DecodingError.keyNotFound(missing, prefixed(key, context))
        case DecodingError.typeMismatch(let type, let context):
            return DecodingError.typeMismatch(type, prefixed(key, context))
        case DecodingError.valueNotFound(let type, let context):
            return DecodingError.valueNotFound(type, prefixed(key, context))
        case DecodingError.dataCorrupted(let context):
            return DecodingError.dataCorrupted(prefixed(key, context))
        case EncodingError.invalidValue(let value, let context):
            return EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [key] + context.codingPath, debugDescription: context.debugDescription,
                    underlyingError: context.underlyingError))
        default:
            return error
        }
    }

    private static func prefixed(_ key: any CodingKey, _ context: DecodingError.Context) -> DecodingError.Context {
        DecodingError.Context(
            codingPath: [key] + context.codingPath, debugDescription: context.debugDescription,
            underlyingError: context.underlyingError)
    }

    /// The coding key of a member named by a static string.
    package static func key(_ name: StaticString) -> any CodingKey {
        PayloadCodingKey(stringValue: name.description)
    }

    /// The coding key of an array element.
    package static func key(_ index: Int) -> any CodingKey {
        ArrayIndexKey(index)
    }
}
