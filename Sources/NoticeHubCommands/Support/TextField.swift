import NoticeHub

/// A name or sender as one field of `tail`'s text line: as it is when it
/// reads unambiguously, else quoted by the library's ``QuotedText`` with
/// invisible characters spelled out, so that fields split on spaces and look
/// like what is stored.
enum TextField {
    /// `feed` stays `feed`; `Component A` becomes `"Component A"`, a
    /// zero-width space `\u{200B}`, and a sender named `-` (which would read
    /// as no sender) `"-"`.
    static func shown(_ text: String) -> String {
        guard text == "-" || text.unicodeScalars.contains(where: needsQuoting) else { return text }
        return QuotedText.quoted(text, spelling: .invisibles)
    }

    private static func needsQuoting(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\"" || scalar == "\\" || scalar == " " || QuotedText.isSpelled(scalar, .invisibles)
    }
}
