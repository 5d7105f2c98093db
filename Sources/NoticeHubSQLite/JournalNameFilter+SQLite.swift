import NoticeHubCore

/// How the SQLite backend reads a pattern: its text comparisons are
/// byte-ordered, so a prefix is a range an index on names serves.
extension JournalNameFilter {
    /// The condition on `notice_names` for SQLite, whose text comparisons
    /// are byte-ordered: `name IN (?, ?) OR (name >= ? AND name < ?) OR ...`,
    /// bound with `sqliteValues`.
    package func sqliteCondition() -> String {
        let column = "name"
        var terms: [String] = []
        if !literals.isEmpty {
            terms.append("\(column) IN (\(Array(repeating: "?", count: literals.count).joined(separator: ", ")))")
        }
        terms += Array(repeating: "(\(column) >= ? AND \(column) < ?)", count: prefixes.count)
        return terms.joined(separator: " OR ")
    }

    /// Whether the filter admits a single name, whose rows the index on
    /// names yields in sequence order.
    package var isSingleName: Bool { literals.count == 1 && prefixes.isEmpty }

    /// The values of `sqliteCondition`'s placeholders, in order.
    package var sqliteValues: [String] {
        literals + prefixes.flatMap { [$0, Self.upperBound(of: $0)] }
    }
}
