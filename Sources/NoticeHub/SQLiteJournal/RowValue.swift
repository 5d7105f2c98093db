import NoticeSQLite

/// A stored value shown in an error message: quoted as the library's
/// messages quote names (``QuotedText``), so the message stays one line, and
/// cut short, so a huge value cannot flood it.
enum RowValue {
    /// Characters shown at most before the value is cut.
    static let shownCharacters = 40

    static func quoted(_ row: SQLiteStatement, at column: Int32) -> String {
        let text = row.withTextBytes(at: column) { String(decoding: $0, as: UTF8.self) }
        guard text.count > shownCharacters else { return QuotedText.quoted(text, spelling: .controls) }
        return QuotedText.quoted(String(text.prefix(shownCharacters)), spelling: .controls) + "…"
    }
}
