/// How the SQLite backend reads a pattern: its text comparisons are
/// byte-ordered, so a prefix is a range an index on names serves.
extension JournalNameFilter {
    /// The condition for SQLite, whose text comparisons are byte-ordered:
    /// `name IN (?, ?) OR (name >= ? AND name < ?) OR ...`, bound with
    /// ``sqliteValues``.
    package var sqliteCondition: String {
        var terms: [String] = []
        if !literals.isEmpty {
            terms.append("name IN (\(Array(repeating: "?", count: literals.count).joined(separator: ", ")))")
        }
        terms += Array(repeating: "(name >= ? AND name < ?)", count: prefixes.count)
        return terms.joined(separator: " OR ")
    }

    /// The values of ``sqliteCondition``'s placeholders, in order.
    package var sqliteValues: [String] {
        literals + prefixes.flatMap { [$0, Self.upperBound(of: $0)] }
    }
}
