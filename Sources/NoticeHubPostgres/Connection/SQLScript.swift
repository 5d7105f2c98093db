/// SQL text as the PostgreSQL journal sends it: split into statements, and
/// with SQLite's `?` placeholders numbered as PostgreSQL's.
enum SQLScript {
    /// The statements of `sql`, split at semicolons outside quoted text,
    /// quoted identifiers, dollar-quoted bodies (`$$ … $$`, `$tag$ … $tag$`)
    /// and comments: postgres-nio sends one statement per query, so a
    /// migration file or a short script goes statement by statement.
    static func statements(_ sql: String) -> [String] {
        let characters = Array(sql)
        var statements: [String] = []
        var start = 0
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "'", "\"":
                index = (characters[(index + 1)...].firstIndex(of: character) ?? characters.count - 1) + 1
            case "-" where index + 1 < characters.count && characters[index + 1] == "-":
                index = (characters[index...].firstIndex(of: "\n") ?? characters.count - 1) + 1
            case "$":
                if let tag = dollarTag(in: characters, at: index) {
                    index =
                        (closing(tag, in: characters, after: index + tag.count) ?? characters.count - tag.count)
                        + tag.count
                } else {
                    index += 1
                }
            case ";":
                statements.append(String(characters[start..<index]))
                index += 1
                start = index
            default:
                index += 1
            }
        }
        statements.append(String(characters[start..<characters.count]))
        return statements.filter { !isBlank($0) }
    }

    /// The dollar-quote tag starting at `index` (`$$` or `$name$`), if one does.
    private static func dollarTag(in characters: [Character], at index: Int) -> [Character]? {
        var end = index + 1
        while end < characters.count, characters[end] == "_" || characters[end].isLetter { end += 1 }
        guard end < characters.count, characters[end] == "$" else { return nil }
        return Array(characters[index...end])
    }

    private static func closing(_ tag: [Character], in characters: [Character], after start: Int) -> Int? {
        guard characters.count >= tag.count else { return nil }
        var index = start
        while index + tag.count <= characters.count {
            if characters[index] == "$", Array(characters[index..<(index + tag.count)]) == tag { return index }
            index += 1
        }
        return nil
    }

    /// Whether the text holds nothing but white space and `--` comments.
    private static func isBlank(_ statement: String) -> Bool {
        statement.split(separator: "\n").allSatisfy { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
            return trimmed.isEmpty || trimmed.hasPrefix("--")
        }
    }

    /// `sql` with each `?` placeholder numbered in turn (`$1`, `$2`, …),
    /// except inside quoted text, quoted identifiers and comments: a
    /// projection written for SQLite runs unchanged on PostgreSQL.
    static func numberingPlaceholders(_ sql: String) -> String {
        var result = ""
        result.reserveCapacity(sql.utf8.count + 8)
        var number = 0
        var quote: Character?
        var previous: Character?
        var inLineComment = false
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
            } else if character == "?" {
                number += 1
                result += "$\(number)"
                continue
            }
            result.append(character)
        }
        return result
    }
}
