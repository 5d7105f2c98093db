import Foundation

/// An arbitrary JSON document, kept exactly as written.
///
/// Objects are ordered `(key, value)` pairs rather than a dictionary so that key order and
/// duplicate keys survive parse → serialize; a journal export/import must reproduce the
/// payload bytes it was given. Integers that fit in Int64 stay exact in `.int`.
///
/// Number rule for `serialized()`: `.int` prints as a plain integer and `.double` prints
/// Swift's shortest round-trip form (`description`), so integral doubles keep their `.0`
/// (`3.0`, `1e+20`) and read back as `.double`. Serialization is therefore byte-identical
/// for any document that is already in this canonical compact form.
package enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    /// Always finite: the parser rejects out-of-range numbers and the encoders reject
    /// non-finite values, because JSON has no spelling for them.
    case double(Double)
    /// A number kept as written, because neither `.int` nor `.double` holds it:
    /// an integer beyond Int64 (a UInt64, say) or a decimal too small for a
    /// Double. Serialized verbatim, so such payloads survive export and import.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.double(a), .double(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// Compact JSON text (no insignificant whitespace).
    package func serialized() -> String {
        var writer = ByteWriter()
        write(into: &writer)
        return writer.string
    }

    /// Compact JSON as UTF-8 bytes.
    package func serializedBytes() -> [UInt8] {
        var writer = ByteWriter()
        write(into: &writer)
        return writer.bytes
    }

    /// Recursion depth equals nesting depth; parsed values are capped at 512 levels.
    func write(into writer: inout ByteWriter) {
        switch self {
        case .null: writer.append("null")
        case .bool(let value): writer.append(value ? "true" : "false")
        case .int(let value): writer.writeInteger(value)
        case .double(let value):
            // Only reachable for hand-built values; null is what JSONSerialization-style
            // writers can at least read back, and it keeps the output valid JSON.
            if value.isFinite { writer.writeDouble(value) } else { writer.append("null") }
        case .number(let text): writer.appendRaw(text)
        case .string(let value): writer.writeString(value)
        case .array(let elements):
            writer.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { writer.append(UInt8(ascii: ",")) }
                element.write(into: &writer)
            }
            writer.append(UInt8(ascii: "]"))
        case .object(let members):
            writer.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { writer.append(UInt8(ascii: ",")) }
                writer.writeString(member.key)
                writer.append(UInt8(ascii: ":"))
                member.value.write(into: &writer)
            }
            writer.append(UInt8(ascii: "}"))
        }
    }

    /// First value for `key` in an object; nil for other cases or a missing key.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }
}

extension JSONValue: CustomStringConvertible {
    package var description: String { serialized() }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    package init(nilLiteral: ()) { self = .null }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(integerLiteral value: Int64) { self = .int(value) }
    package init(floatLiteral value: Double) { self = .double(value) }
    package init(stringLiteral value: String) { self = .string(value) }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Dictionary literals keep their written order, duplicates included.
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(elements.map { (key: $0.0, value: $0.1) })
    }
}
