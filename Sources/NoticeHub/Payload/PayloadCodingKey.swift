import Foundation

/// A coding key built at run time: the `super` key and the member names of a `JSONValue`
/// object.
struct PayloadCodingKey: CodingKey, Sendable, Equatable {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = "\(intValue)"
        self.intValue = intValue
    }

    static let superKey = PayloadCodingKey(stringValue: "super")
}
