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
    /// Runs inside the journal's append, on the posting thread (or the
    /// thread leading a group commit), while the hub's writer is busy: it
    /// must not post, import, flush or close through that hub. Such a call
    /// throws ``JournalError/reentrant`` rather than waiting forever for
    /// the writer; let an observer of the notice post what follows instead.
    func apply(_ notice: Notice, to store: any ProjectionStore) throws
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
