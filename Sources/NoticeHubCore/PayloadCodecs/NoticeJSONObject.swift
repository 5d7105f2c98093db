import NoticeJSON

/// The members of one JSON object, which a ``NoticeJSONCodable`` type reads its fields
/// from: each by its key, in any order, faster in the order they were written.
///
/// Read each key once, as the generated code does: a member is then the first of its key
/// when the JSON has the key twice, as through `Codable`.
///
/// Keys missing, values of the wrong type or out of range throw the `DecodingError`s of
/// the `Codable` path, their coding path naming the member.
public struct NoticeJSONObject {
    private var members: TapeObjectCursor

    init(_ members: TapeObjectCursor) {
        self.members = members
    }

    /// The member `key` as a `T`, through `T`'s own ``NoticeJSONCodable`` conformance.
    public mutating func decode<T: NoticeJSONCodable>(_ type: T.Type, forKey key: StaticString) throws -> T {
        let value = try member(key, type)
        do {
            return try T(noticeJSON: NoticeJSONValue(value))
        } catch {
            throw CodingPathPrefix.adding(CodingPathPrefix.key(key), to: error)
        }
    }

    /// The member `key` as a `T`, through `T`'s `Decodable` conformance: for the types with
    /// no ``NoticeJSONCodable`` conformance (`Date`, `URL`, a type of the app's own).
    public mutating func decode<T: Decodable>(_ type: T.Type, forKey key: StaticString) throws -> T {
        let value = try member(key, type)
        do {
            return try value.decodable(type)
        } catch {
            throw CodingPathPrefix.adding(CodingPathPrefix.key(key), to: error)
        }
    }

    /// The member `key` as a `T`, or nil when it is missing or null, as `decodeIfPresent` reads.
    public mutating func decodeIfPresent<T: NoticeJSONCodable>(_ type: T.Type, forKey key: StaticString) throws -> T? {
        guard let value = members.value(forKey: key), !value.isNull else { return nil }
        do {
            return try T(noticeJSON: NoticeJSONValue(value))
        } catch {
            throw CodingPathPrefix.adding(CodingPathPrefix.key(key), to: error)
        }
    }

    /// The member `key` as a `T` through its `Decodable` conformance, or nil when it is
    /// missing or null, as `decodeIfPresent` reads.
    public mutating func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: StaticString) throws -> T? {
        guard let value = members.value(forKey: key), !value.isNull else { return nil }
        do {
            return try value.decodable(type)
        } catch {
            throw CodingPathPrefix.adding(CodingPathPrefix.key(key), to: error)
        }
    }

    private mutating func member(_ key: StaticString, _ type: Any.Type) throws -> TapeValue {
        guard let value = members.value(forKey: key) else {
            throw DecodingError.keyNotFound(
                CodingPathPrefix.key(key),
                DecodingError.Context(codingPath: [], debugDescription: "no value for key \"\(key)\" in object"))
        }
        return value
    }
}
