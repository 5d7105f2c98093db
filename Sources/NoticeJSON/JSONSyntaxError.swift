import Foundation

/// A violation of RFC 8259 found while scanning a JSON document.
///
/// The offset is a zero-based byte offset into the input so that a journal entry that
/// fails to replay can be pinpointed without re-decoding it as text.
package struct JSONSyntaxError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What went wrong; kept separate from the offset so tests and callers can match on it.
    package enum Kind: Equatable, Sendable {
        case unexpectedCharacter(UInt8)
        case unexpectedEndOfInput
        case trailingCharacter(UInt8)
        case unterminatedString
        case controlCharacterInString(UInt8)
        case invalidEscape
        case unpairedSurrogate
        case invalidUTF8
        case invalidNumber
        case numberOutOfRange
        case nestingTooDeep(limit: Int)
        case documentTooLarge
    }

    package var kind: Kind
    package var offset: Int

    package init(_ kind: Kind, at offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    package var description: String {
        let at = "at byte \(offset)"
        switch kind {
        case .unexpectedCharacter(let byte):
            return "unexpected \(Self.describe(byte)) \(at)"
        case .unexpectedEndOfInput:
            return "unexpected end of input \(at)"
        case .trailingCharacter(let byte):
            return "unexpected \(Self.describe(byte)) after the end of the document \(at)"
        case .unterminatedString:
            return "unterminated string \(at)"
        case .controlCharacterInString(let byte):
            return "unescaped control character \(Self.hex(byte)) in string \(at)"
        case .invalidEscape:
            return "invalid escape sequence \(at)"
        case .unpairedSurrogate:
            return "unpaired UTF-16 surrogate escape \(at)"
        case .invalidUTF8:
            return "invalid UTF-8 \(at)"
        case .invalidNumber:
            return "invalid number \(at)"
        case .numberOutOfRange:
            return "number out of range \(at)"
        case .nestingTooDeep(let limit):
            return "nesting deeper than \(limit) \(at)"
        case .documentTooLarge:
            return "document too large (limit 4 GiB) \(at)"
        }
    }

    /// Printable ASCII is quoted as itself; anything else is shown as hex so that a
    /// message never embeds raw control bytes or half a UTF-8 sequence.
    private static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F {
            return "character '\(Character(Unicode.Scalar(byte)))'"
        }
        return "byte \(hex(byte))"
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
    }
}
