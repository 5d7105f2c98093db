import Foundation

/// The coding-path key of an array element. Its text (`Index 3`, Foundation's spelling) is
/// produced only when asked for, because index keys are created for every element but read
/// almost only in error messages; it is one word so it fits an existential inline.
struct ArrayIndexKey: CodingKey, Sendable {
    let index: Int

    init(_ index: Int) { self.index = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.index = intValue }

    var stringValue: String { "Index \(index)" }
    var intValue: Int? { index }
}
