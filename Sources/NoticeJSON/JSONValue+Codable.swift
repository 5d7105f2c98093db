import Foundation

/// Generic Codable support so a `JSONValue` can also travel through other coders
/// (Foundation's, property lists). `PayloadEncoder`/`PayloadDecoder` special-case the type
/// and bypass this, which is what preserves key order and duplicates exactly; through
/// other decoders object key order follows whatever `allKeys` reports.
extension JSONValue: Codable {
    package init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: PayloadCodingKey.self) {
            self = .object(
                try object.allKeys.map { key in
                    (key: key.stringValue, value: try object.decode(JSONValue.self, forKey: key))
                })
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? single.decode(Double.self) {
            self = .double(value)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .int(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .double(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .number(let text):
            var single = encoder.singleValueContainer()
            if let value = UInt64(text) { try single.encode(value) } else { try single.encode(Double(text) ?? 0) }
        case .string(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .array(let elements):
            var array = encoder.unkeyedContainer()
            for element in elements { try array.encode(element) }
        case .object(let members):
            var object = encoder.container(keyedBy: PayloadCodingKey.self)
            for member in members {
                try object.encode(member.value, forKey: PayloadCodingKey(stringValue: member.key))
            }
        }
    }
}
