import Foundation

/// The coding-path key of an array element. Its text (`Index 3`, Foundation's spelling) is
/// produced only when asked for, because index keys are created for every element but read
/// almost only in error messages; it is one word so it fits an existential inline.
package struct ArrayIndexKey: CodingKey, Sendable {
    package let index: Int

    package init(_ index: Int) { self.index = index }
    package init?(stringValue: String) { return nil }
    package init?(intValue: Int) { self.index = intValue }

    package var stringValue: String { "Index \(index)" }
    package var intValue: Int? { index }
}
