/// A connection whose durable subscribers' cursors can be reset while the
/// subscriber runs: each cursor carries a count of its resets, and a
/// running subscriber saves its cursor only while that count is the one it
/// read. A reset made while it delivers a batch is then not overwritten:
/// the subscriber reads the reset cursor and goes on from there. Each
/// method commits at once.
///
/// On a backend without it, ``HubJournal/resetSubscriber(_:to:)`` holds the
/// subscriber's name while it writes, and so refuses while it runs.
public protocol CursorResettingJournalConnection: JournalConnection {
    /// A durable subscriber's cursor and how many times it was reset; nil
    /// for a subscriber with no saved cursor.
    func cursorAndResets(of subscriber: String) throws -> (cursor: Int64, resets: Int64)?
    /// Saves `cursor` if `subscriber` was reset `resets` times (0 for one
    /// with no saved cursor yet); false, saving nothing, when a reset came
    /// in between.
    func saveCursor(_ cursor: Int64, of subscriber: String, ifResets resets: Int64) throws -> Bool
    /// Sets `subscriber`'s cursor and counts one reset more, creating the
    /// subscriber if it has no saved cursor.
    func resetCursor(_ cursor: Int64, of subscriber: String) throws
}
