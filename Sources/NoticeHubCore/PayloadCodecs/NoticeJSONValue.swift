import NoticeJSON

/// One JSON value that a ``NoticeJSONCodable`` type reads itself from: a payload being
/// decoded, or a member or element of one.
///
/// It borrows the payload's parsed form, so it is valid only inside the
/// ``NoticeJSONCodable/init(noticeJSON:)`` it is handed to. Errors are the `DecodingError`s
/// the `Codable` path throws for the same problem.
public struct NoticeJSONValue {
    let tape: TapeValue

    init(_ tape: TapeValue) {
        self.tape = tape
    }

    /// True when the value is JSON `null`.
    public var isNull: Bool { tape.isNull }

    /// The members of the object this value is, to read the fields of `type` from; a
    /// `DecodingError` when it is not an object.
    public func object<T>(of type: T.Type) throws -> NoticeJSONObject {
        NoticeJSONObject(try tape.object(as: type))
    }

    /// This value through `type`'s `Decodable` conformance, as NoticeHub's `Codable`
    /// decoder reads it.
    func decodable<T: Decodable>(_ type: T.Type) throws -> T {
        try tape.decodable(type)
    }
}
