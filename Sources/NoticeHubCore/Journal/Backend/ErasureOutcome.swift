/// What an erasure (``HubJournal/erase(_:names:)``) did, in the one
/// transaction it ran in.
public struct ErasureOutcome: Sendable, Equatable {
    /// How many notices of each name it erased; empty when none carried
    /// the key.
    public var erasedByName: [NoticeName: Int]
    /// The projections whose state it rebuilt from the journal without the
    /// erased notices, by identity, in order.
    public var rebuiltProjections: [String]

    package init(erasedByName: [NoticeName: Int], rebuiltProjections: [String]) {
        self.erasedByName = erasedByName
        self.rebuiltProjections = rebuiltProjections
    }

    /// How many notices it erased in all.
    public var erased: Int { erasedByName.values.reduce(0, +) }
}
