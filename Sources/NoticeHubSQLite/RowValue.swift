import NoticeJSON
import NoticeSQLite
import NoticeHubCore

/// A stored value shown in an error message: quoted as the library's
/// messages quote names (`QuotedText`), so the message stays one line, and
/// cut short, so a huge value cannot flood it.
enum RowValue {
    /// Characters shown at most before the value is cut.
    static let shownCharacters = 40

    static func quoted(_ row: SQLiteStatement, at column: Int32) -> String {
        if row.storageClass(at: column) == .blob { return hex(row, at: column) }
        return quoted(row.withTextBytes(at: column) { String(decoding: $0, as: UTF8.self) })
    }

    /// A stored text, quoted and cut short.
    static func quoted(_ text: String) -> String {
        guard text.count > shownCharacters else { return QuotedText.quoted(text, spelling: .controls) }
        return QuotedText.quoted(String(text.prefix(shownCharacters)), spelling: .controls) + "…"
    }

    /// A member of a stored JSON object: a string quoted, anything else as
    /// JSON writes it, cut short.
    static func shown(_ member: JSONValue) -> String {
        if case .string(let text) = member { return quoted(text) }
        let json = member.serialized()
        return json.count > shownCharacters ? json.prefix(shownCharacters) + "…" : json
    }

    /// What is wrong with a column that should hold text and does not.
    static func notText(_ label: String, in row: SQLiteStatement, at column: Int32) -> String {
        let kind =
            switch row.storageClass(at: column) {
            case .integer: "an integer"
            case .real: "a real number"
            case .blob: "a blob"
            case .text: "text"
            case .null: "null"
            }
        return "\(label) is \(kind), not text"
    }

    /// A BLOB as SQL writes one, `X'0A1B…'`, cut short past
    /// `shownCharacters` digits.
    private static func hex(_ row: SQLiteStatement, at column: Int32) -> String {
        let digits = row.withBlobBytes(at: column) { bytes in
            bytes.prefix(shownCharacters / 2 + 1).map { byte in
                String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }.joined()
        }
        guard digits.count > shownCharacters else { return "X'\(digits)'" }
        return "X'\(digits.prefix(shownCharacters))'…"
    }
}
