/// How a journal reads a query whose names hold patterns (`news.*`): SQL
/// narrows the rows by the literal names and by the text each pattern's
/// matches start with, and ``admits(_:)`` decides each row read.
///
/// A query of literal names only has no such filter
/// (``JournalQuery/patternFilter`` is nil), so it keeps its plain
/// `name IN (...)` and its SQL limit.
package struct JournalNameFilter: Sendable {
    /// The query's literal names, sorted.
    package let literals: [String]
    /// The text before each pattern's first wildcard, ending with a dot
    /// (`news.` for `news.*`), sorted and distinct.
    package let prefixes: [String]
    /// False when a pattern starts with a wildcard (`*.liked`): no name
    /// clause can narrow the rows then.
    package let narrowsInSQL: Bool
    private let literalNames: Set<NoticeName>
    private let patterns: [NoticeName]

    /// Nil unless `names` holds a pattern.
    init?(_ names: Set<NoticeName>?) {
        guard let names, names.contains(where: \.isPattern) else { return nil }
        literalNames = names.filter { !$0.isPattern }
        patterns = names.filter(\.isPattern).sorted { $0.rawValue < $1.rawValue }
        literals = literalNames.map(\.rawValue).sorted()
        let prefixes = patterns.map { NamePattern.literalPrefix(of: $0.rawValue) }
        narrowsInSQL = !prefixes.contains("")
        self.prefixes = Array(Set(prefixes)).sorted()
    }

    /// Whether a row named `name` is one the query selects.
    package func admits(_ name: NoticeName) -> Bool {
        literalNames.contains(name) || patterns.contains { $0.matches(name) }
    }

    /// The first text after every name that starts with `prefix`, in byte
    /// order: a prefix ends with a dot, and `/` follows `.` (so `news.` gives
    /// `news/`). `name >= prefix AND name < upperBound` is a range an index
    /// on names can serve, in a byte-ordered collation.
    package static func upperBound(of prefix: String) -> String {
        String(prefix.dropLast()) + "/"
    }
}

extension JournalQuery {
    /// How a storage reads this query's names when they hold a pattern; nil
    /// for literal names only, or none.
    package var patternFilter: JournalNameFilter? {
        JournalNameFilter(names)
    }

    /// Whether a notice named `name` is one this query's ``names`` select:
    /// one of its literal names, or a literal name one of its patterns
    /// matches. Every name when ``names`` is nil. For a journal that checks
    /// rows in Swift, and for tools that filter live notices the same way.
    public func selects(name: NoticeName) -> Bool {
        names?.selects(name) ?? true
    }
}
