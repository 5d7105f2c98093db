/// Splits SQL text into its statements at semicolons outside quoted text,
/// quoted identifiers and comments: postgres-nio sends one statement per
/// query, so a migration file or a short script goes statement by statement.
enum SQLScript {
    static func statements(_ sql: String) -> [String] {
        var statements: [String] = []
        var current = ""
        var quote: Character?
        var inLineComment = false
        var previous: Character?
        for character in sql {
            defer { previous = character }
            if inLineComment {
                if character == "\n" { inLineComment = false }
            } else if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "-" && previous == "-" {
                inLineComment = true
            } else if character == ";" {
                statements.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        statements.append(current)
        return statements.filter { !isBlank($0) }
    }

    /// Whether the text holds nothing but white space and `--` comments.
    private static func isBlank(_ statement: String) -> Bool {
        statement.split(separator: "\n").allSatisfy { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
            return trimmed.isEmpty || trimmed.hasPrefix("--")
        }
    }
}
