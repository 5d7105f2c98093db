/// An inline projection: an app's own state, kept in the journal's database
/// and updated in the same transaction as each notice that changes it, so
/// state and journal never disagree.
///
/// A projection declares its ``schema``: a stable identity, a version of its
/// logic, the tables it owns and the migrations that make them. Opening a hub
/// with the projection installs it (migrations applied once, in order,
/// atomically with their record in the journal's registry), and builds its
/// state from the notices already journaled when it is new or its version
/// went up. See the article *Your own projection*.
///
/// ```swift
/// struct ClickCounter: Projection {
///     let schema = ProjectionSchema(
///         identity: "clicks", version: 1, tables: ["clicks"],
///         migrations: [
///             ProjectionMigration(
///                 1, "clicks",
///                 sql: """
///                     CREATE TABLE clicks (page TEXT PRIMARY KEY, count INTEGER NOT NULL)
///                     """)
///         ])
///     let names: Set<NoticeName> = ["page.clicked"]
///
///     func apply(_ notice: Notice, to store: any ProjectionStore) throws {
///         let page = try notice.decode(String.self)
///         try store.upsert(
///             into: "clicks", values: ["page": .text(page), "count": 1],
///             conflictKey: ["page"], adding: ["count"])
///     }
/// }
/// ```
///
/// Contract: `apply` runs inside the append transaction, before the notice is
/// visible to anyone. Throwing ``ProjectionRejection`` refuses the notice:
/// its changes and the notice are rolled back, the poster gets
/// ``JournalError/refused(name:reason:)``, other notices are unaffected.
/// Any other error rolls back the same way and reaches the poster as it
/// is, except that a failure of the store's SQL on SQLite arrives as
/// ``JournalError/storage(_:)``; whatever the ``Durability``, the other
/// notices of the batch or group commit are journaled.
/// Projections must be deterministic functions of the notice and the state:
/// rebuilding replays the journal through `apply`.
public protocol Projection: Sendable {
    /// The projection's identity, version, tables and migrations.
    var schema: ProjectionSchema { get }
    /// The notice names this projection handles; patterns (`news.*`) stand
    /// for every name they match.
    var names: Set<NoticeName> { get }
    /// Updates state for `notice`, or throws ``ProjectionRejection``.
    ///
    /// The notice is as the journal holds it: its ``Notice/sequence`` is the
    /// number it is appended under, its id, time and metadata the journaled
    /// ones, whether it is being posted, rebuilt or verified.
    ///
    /// Runs inside the journal's append, on the posting thread (or the
    /// thread leading a group commit), while the hub's writer is busy: it
    /// must not post, import, flush or close through that hub. Such a call
    /// throws ``JournalError/reentrant`` rather than waiting forever for
    /// the writer; let an observer of the notice post what follows instead.
    func apply(_ notice: Notice, to store: any ProjectionStore) throws

    /// Turns the state a trimmed journal starts from, which version
    /// `version` of this projection's logic made, into the state this
    /// version would have made from the same notices, which the journal no
    /// longer holds.
    ///
    /// A rebuild calls it when the journal's starting state
    /// (``HubJournal/startingState()``) is another version's: the
    /// projection's tables, migrated as its ``schema`` makes them now, hold
    /// that state's rows (columns the state lacks hold their defaults), and
    /// this method changes them through `store`. The result becomes the
    /// journal's starting state, made by this version, in the rebuild's
    /// transaction; the rebuild then replays the notices that follow.
    ///
    /// The default throws: a projection that does not upcast its state
    /// cannot raise its version once its journal is trimmed, and opening a
    /// hub with it throws ``JournalError/projectionUnusable(projection:problem:)``.
    ///
    /// ```swift
    /// // Version 2 counts clicks per page and day; a state version 1 left
    /// // has no days, and its counts go to day 0.
    /// func upcastStartingState(madeBy version: Int, in store: any ProjectionStore) throws {
    ///     try store.execute("UPDATE clicks SET day = 0 WHERE day IS NULL", [])
    /// }
    /// ```
    func upcastStartingState(madeBy version: Int, in store: any ProjectionStore) throws
}

extension Projection {
    /// Refuses: the state another version made is no start for this one.
    public func upcastStartingState(madeBy version: Int, in store: any ProjectionStore) throws {
        throw ProjectionRejection("it does not upcast a starting state version \(version) made")
    }
}

/// Thrown by a projection to refuse a notice, with a reason for the poster.
public struct ProjectionRejection: Error, Equatable, Sendable, CustomStringConvertible {
    /// Why the notice was refused, in one line (`"alice already likes news 1"`).
    public let reason: String

    /// A refusal for `reason`.
    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
