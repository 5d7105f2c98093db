/// A projection's state as of a sequence number: every row of each of its
/// tables, as the journal's notices through that number left them.
///
/// A journal keeps one per installed projection as its starting state once
/// it has been trimmed (``HubJournal/startingState()``): a rebuild starts
/// from it and replays the notices after ``through``. Archives carry them,
/// and ``HubJournal/importNotices(_:transactionSize:progress:)`` loads them, so that a tail of
/// a journal imports into a new journal with the state its first notice
/// expects.
///
/// ```swift
/// let states = try hub.journal.projectionStates(asOf: 1_000)
/// // states[0].tables[0].rows: each row of the first table as of notice #1,000
/// ```
public struct ProjectionSnapshot: Sendable, Hashable {
    /// The projection's identity (``ProjectionSchema/identity``).
    public var identity: String
    /// The version of the projection's logic that made this state.
    public var version: Int
    /// The last migration its tables had.
    public var schemaVersion: Int
    /// The state is what the notices through this sequence number left; 0
    /// for a journal that starts from it.
    public var through: Int64
    /// Each table's rows, in the order the projection declares its tables.
    public var tables: [ProjectionTableState]

    package init(identity: String, version: Int, schemaVersion: Int, through: Int64, tables: [ProjectionTableState]) {
        self.identity = identity
        self.version = version
        self.schemaVersion = schemaVersion
        self.through = through
        self.tables = tables
    }

    /// The first of this snapshot's tables whose rows differ from `other`'s
    /// table of the same name (or that `other` lacks), or of `other`'s that
    /// this one lacks; nil when both hold the same rows. Sequence numbers and
    /// versions are not compared.
    package func firstDifferingTable(from other: ProjectionSnapshot) -> String? {
        let theirs = Dictionary(other.tables.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for table in tables where theirs[table.name].map(table.sameRows(as:)) != true { return table.name }
        let ours = Set(tables.map(\.name))
        return other.tables.first { !ours.contains($0.name) }?.name
    }
}

/// The rows of one of a projection's tables.
public struct ProjectionTableState: Sendable, Hashable {
    /// The table's name, as the projection declares it.
    public var name: String
    /// Its columns' names, in the table's order.
    public var columns: [String]
    /// Each row's values, in the order of ``columns``, sorted so that equal
    /// states compare equal whatever order the database kept them in.
    public var rows: [[SQLValue]]

    package init(name: String, columns: [String], rows: [[SQLValue]]) {
        self.name = name
        self.columns = columns
        self.rows = rows.sorted(by: Self.precedes)
    }

    /// Whether `other` has the same columns holding the same rows, in
    /// whatever order either keeps them.
    func sameRows(as other: ProjectionTableState) -> Bool {
        columns == other.columns && rows.count == other.rows.count
            && rows.sorted(by: Self.precedes) == other.rows.sorted(by: Self.precedes)
    }

    /// A total order on rows: by each value in turn, nulls first, then
    /// numbers, then text.
    static func precedes(_ left: [SQLValue], _ right: [SQLValue]) -> Bool {
        for (a, b) in zip(left, right) where a != b {
            return SQLValue.precedes(a, b)
        }
        return left.count < right.count
    }
}

extension SQLValue {
    /// Nulls, then numbers by value (integers before reals of equal value),
    /// then text by its UTF-8 bytes.
    static func precedes(_ a: SQLValue, _ b: SQLValue) -> Bool {
        switch (a, b) {
        case (.null, _): return b != .null
        case (_, .null): return false
        case (.integer(let x), .integer(let y)): return x < y
        case (.real(let x), .real(let y)): return x < y
        case (.integer(let x), .real(let y)): return Double(x) <= y
        case (.real(let x), .integer(let y)): return x < Double(y)
        case (.text(let x), .text(let y)): return x.utf8.lexicographicallyPrecedes(y.utf8)
        case (.text, _): return false
        case (_, .text): return true
        }
    }
}
