/// SQL's quoting, the same in both dialects: text between quote characters,
/// each quote inside doubled (`'it''s'`, `"my ""table"""`).
enum SQLQuoting {
    static func quoted(_ text: String, by quote: Character) -> String {
        // The common case, nothing to double, without walking the characters.
        if let ascii = quote.asciiValue, !text.utf8.contains(ascii) {
            return String(quote) + text + String(quote)
        }
        var result = String(quote)
        for character in text {
            if character == quote { result.append(quote) }
            result.append(character)
        }
        result.append(quote)
        return result
    }
}
