import Foundation

/// A coding key built at run time: the `super` key and the member names of a `JSONValue`
/// object.
package struct PayloadCodingKey: CodingKey, Sendable, Equatable {
    package let stringValue: String
    package let intValue: Int?

    package init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    package init(intValue: Int) {
        self.stringValue = "\(intValue)"
        self.intValue = intValue
    }

    package static let superKey = PayloadCodingKey(stringValue: "super")
}
