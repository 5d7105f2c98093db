import Foundation

/// The array types both coders handle in a single loop instead of through the standard
/// library's element-by-element `Codable` conformance of `Array`.
///
/// Recognised by comparing metatypes, so a generic `T` can be routed without a dynamic
/// cast, and the element order and error paths stay exactly what `Array`'s own
/// conformance would produce.
enum PrimitiveArrayKind {
    case string
    case int
    case double
    case bool

    @inline(__always)
    init?<T>(_ type: T.Type) {
        if T.self == [String].self {
            self = .string
        } else if T.self == [Int].self {
            self = .int
        } else if T.self == [Double].self {
            self = .double
        } else if T.self == [Bool].self {
            self = .bool
        } else {
            return nil
        }
    }
}
