import Foundation

/// The primitive types a tape can produce directly, so every container reads them through
/// one generic path instead of fourteen hand-written copies per container.
package protocol TapeScalar {
    static func unbox(from reader: TapeReader, at index: Int, path: @autoclosure () -> [any CodingKey]) throws -> Self
}

extension Bool: TapeScalar {
    package static func unbox(from reader: TapeReader, at index: Int, path: @autoclosure () -> [any CodingKey]) throws
        -> Bool
    {
        let entry = reader.entries[index]
        guard entry.kind == .bool else { throw reader.typeError(Bool.self, expected: "Bool", at: index, path: path()) }
        return entry.flag
    }
}

extension String: TapeScalar {
    package static func unbox(from reader: TapeReader, at index: Int, path: @autoclosure () -> [any CodingKey]) throws
        -> String
    {
        let entry = reader.entries[index]
        guard entry.kind == .string else {
            throw reader.typeError(String.self, expected: "String", at: index, path: path())
        }
        return JSONStringReader.string(reader.bytes(of: entry), escaped: entry.flag)
    }
}

extension Double: TapeScalar {
    package static func unbox(from reader: TapeReader, at index: Int, path: @autoclosure () -> [any CodingKey]) throws
        -> Double
    {
        let entry = reader.entries[index]
        guard entry.kind == .integer || entry.kind == .decimal else {
            throw reader.typeError(Double.self, expected: "Double", at: index, path: path())
        }
        let value = JSONNumberReader.double(reader.bytes(of: entry))
        guard value.isFinite else { throw reader.corrupted(path(), "\(reader.describe(index)) does not fit in Double") }
        return value
    }
}

extension Float: TapeScalar {
    package static func unbox(from reader: TapeReader, at index: Int, path: @autoclosure () -> [any CodingKey]) throws
        -> Float
    {
        let entry = reader.entries[index]
        guard entry.kind == .integer || entry.kind == .decimal else {
            throw reader.typeError(Float.self, expected: "Float", at: index, path: path())
        }
        // Parsed from the text directly: going through Double would round twice.
        guard let value = Float(String(decoding: reader.bytes(of: entry), as: UTF8.self)), value.isFinite else {
            throw reader.corrupted(path(), "\(reader.describe(index)) does not fit in Float")
        }
        return value
    }
}

extension TapeScalar where Self: FixedWidthInteger {
    package static func unbox(from reader: TapeReader, at index: Int, path: @autoclosure () -> [any CodingKey]) throws
        -> Self
    {
        let entry = reader.entries[index]
        let text = reader.bytes(of: entry)
        switch entry.kind {
        case .integer:
            if Self.isSigned {
                if let wide = JSONNumberReader.int64(text), let value = Self(exactly: wide) { return value }
            } else {
                if let wide = JSONNumberReader.uint64(text), let value = Self(exactly: wide) { return value }
            }
            throw reader.corrupted(path(), "\(reader.describe(index)) does not fit in \(Self.self)")
        case .decimal:
            // Foundation accepts integral values written with a fraction or exponent (1.0, 1e3).
            let wide = JSONNumberReader.double(text)
            if wide.isFinite && wide == wide.rounded(.towardZero), let value = Self(exactly: wide) { return value }
            let problem =
                wide.isFinite && wide == wide.rounded(.towardZero) ? "does not fit in" : "is not an integer, expected"
            throw reader.corrupted(path(), "\(reader.describe(index)) \(problem) \(Self.self)")
        default:
            throw reader.typeError(Self.self, expected: "\(Self.self)", at: index, path: path())
        }
    }
}

extension Int: TapeScalar {}
extension Int8: TapeScalar {}
extension Int16: TapeScalar {}
extension Int32: TapeScalar {}
extension Int64: TapeScalar {}
extension UInt: TapeScalar {}
extension UInt8: TapeScalar {}
extension UInt16: TapeScalar {}
extension UInt32: TapeScalar {}
extension UInt64: TapeScalar {}
