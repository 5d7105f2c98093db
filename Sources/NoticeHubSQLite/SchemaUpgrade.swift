/// A schema upgrade that opening a journal file runs before anything else
/// (``SQLiteJournal/pendingUpgrade(at:)``).
public struct SchemaUpgrade: Sendable, Equatable {
    /// The schema version the file holds.
    public var from: Int
    /// The version this build writes, which the upgrade leaves.
    public var to: Int
    /// Whether the upgrade writes the table of notices anew, as those to
    /// schemas 10, 12 and 13 do: it then takes about 15–20 s a million
    /// notices, where the others take milliseconds.
    public var rewritesNotices: Bool
}
