/// A projection as the journal's registry records it: installed by a hub
/// that carried it, at some version, with its state current through a
/// sequence number.
public struct InstalledProjection: Sendable, Equatable {
    /// The projection's identity (``ProjectionSchema/identity``).
    public let identity: String
    /// The version of the logic that built the state.
    public let version: Int
    /// The last migration applied to its tables.
    public let schemaVersion: Int
    /// The notice names (and patterns) it handles: what a hub without it may
    /// not post.
    public let names: [NoticeName]
    /// The sequence through which its state is known to be current: the end
    /// of its last rebuild, or of the last commit that carried one of its
    /// notices.
    public let currentThrough: Int64
    /// Whether a notice it handles was journaled after ``currentThrough``
    /// (by a hub that did not apply it): its state is then behind the
    /// journal until rebuilt. Filled by ``HubJournal/installedProjections()``.
    public internal(set) var isStale: Bool

    package init(
        identity: String, version: Int, schemaVersion: Int, names: [NoticeName],
        currentThrough: Int64, isStale: Bool = false
    ) {
        self.identity = identity
        self.version = version
        self.schemaVersion = schemaVersion
        self.names = names
        self.currentThrough = currentThrough
        self.isStale = isStale
    }
}
