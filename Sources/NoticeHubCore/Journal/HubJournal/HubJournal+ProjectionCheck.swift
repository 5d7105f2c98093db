import Foundation

extension HubJournal {
    /// Where `projection`'s stored state and the journal disagree, one line
    /// each, in a stable order; empty when they agree. For `noticectl verify`;
    /// the hub need not carry the projection, and the check writes nothing
    /// to the journal.
    ///
    /// The journal's notices of the projection's names are applied again, in
    /// order and as journaled, after the state the journal starts from, to a
    /// scratch journal (a SQLite file in a temporary directory, removed
    /// afterwards) that carries the projection alone
    /// (``withScratchReplay(of:_:)``); then every table it owns is compared
    /// row by row with the stored one. A journaled notice that its rules
    /// refuse there is reported first. Reads the whole journal, and holds
    /// both states' rows in memory.
    public func projectionDifferences(_ projection: any Projection) throws -> [String] {
        let (lines, tables) = try withScratchReplay(of: projection) { scratch in
            try projection.schema.tables.map { table in
                (table, try scratch.journal.readState { try Self.rows(of: table, in: $0) })
            }
        }
        var differences = lines
        for (table, replayed) in tables {
            let stored = try self.readState { try Self.rows(of: table, in: $0) }
            differences += Self.differences(in: table, stored: stored, replayed: replayed)
        }
        return differences
    }

    /// Applies this journal's notices of `projection`'s names, in order and
    /// as journaled (ids, times, sequence numbers, payload versions and
    /// metadata), after the state the journal starts from
    /// (``HubJournal/startingState()``), through `projection` into a
    /// scratch journal that carries it alone (a SQLite file in a temporary
    /// directory, removed afterwards), and runs `body` on the scratch hub,
    /// whose projection tables then hold the state the journal gives under
    /// the projection's rules. The scratch journal holds no notices.
    /// Returns, first, one line for each notice those rules refuse
    /// (`notice #7 news.liked would be refused: …`).
    public func withScratchReplay<T>(
        of projection: any Projection, _ body: (NoticeHub) throws -> T
    ) throws -> (refusals: [String], result: T) {
        let start = try self.startingState().first { $0.identity == projection.schema.identity }
        return try hub.withScratchState(of: projection, from: start, through: nil) { scratch, refusals in
            let lines = refusals.listed.map { "notice #\($0.sequence) \($0.name) would be refused: \($0.reason)" }
            return (lines, try body(scratch))
        }
    }

    /// A table's rows, each as SQL would spell its values: `(1, 'News1', 2)`.
    private static func rows(of table: String, in store: any ProjectionStore) throws -> [String] {
        var rows: [String] = []
        try store.rows("SELECT * FROM \(SQLQuoting.quoted(table, by: "\""))", []) { row in
            rows.append("(" + row.map(\.description).joined(separator: ", ") + ")")
        }
        return rows
    }

    /// The rows of one table that only one side holds, as many times as
    /// that side holds them more often.
    private static func differences(in table: String, stored: [String], replayed: [String]) -> [String] {
        var counts: [String: Int] = [:]
        for row in stored { counts[row, default: 0] += 1 }
        for row in replayed { counts[row, default: 0] -= 1 }
        var lines: [String] = []
        for (row, count) in counts.sorted(by: { $0.key < $1.key }) where count != 0 {
            let line =
                count > 0
                ? "\(table): row \(row) is stored, the journal does not give it"
                : "\(table): row \(row) is missing from the stored state"
            lines += Array(repeating: line, count: abs(count))
        }
        return lines
    }
}
