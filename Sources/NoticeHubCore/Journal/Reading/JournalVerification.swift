/// What ``HubJournal/verify(projections:messageTypes:sinceCheckpoint:listing:)``
/// found, stage by stage. A stage that found something ends the check, so
/// the stages after it are nil (or empty): the storage's own check, the
/// rows, the payloads, then the projections.
public struct JournalVerification: Sendable {
    /// The checkpoint after which rows were checked; nil when the whole
    /// journal was.
    package var checkpoint: Int64?
    /// What the storage's own check of every page found; nil when it did
    /// not run (a check since a checkpoint skips it).
    public var integrityProblems: [String]?
    /// The rows edited behind the library's back, the gaps between sequence
    /// numbers and the counts that disagree with the rows; nil when the
    /// storage's check found damage first.
    public var malformedRows: MalformedRows?
    /// The payloads that do not decode as the message types given; nil when
    /// none were given, or an earlier stage found something.
    public var undecodable: UndecodableNotices?
    /// Each difference between a projection's stored state and what the
    /// journal gives, one line each, named by the projection
    /// (`news.likes: …`), a stale projection among them.
    public var projectionDifferences: [String] = []
    /// The installed projections that were not compared, and why.
    public var uncheckedProjections: [UncheckedProjection] = []
    /// How many notices the journal held when the check ended.
    package var notices = 0

    /// The last sequence number the rows were checked through: what
    /// ``HubJournal/saveVerifiedCheckpoint(_:)`` saves once the journal is
    /// sound, for the next check since a checkpoint.
    public var checkedThrough: Int64 { malformedRows?.checkedThrough ?? 0 }

    /// Nothing is wrong: every stage ran and found nothing.
    public var isSound: Bool {
        (integrityProblems ?? []).isEmpty && malformedRows?.isEmpty == true && (undecodable?.count ?? 0) == 0
            && projectionDifferences.isEmpty
    }
}

/// An installed projection that a verification did not compare.
public struct UncheckedProjection: Sendable, Equatable {
    /// The projection's identity.
    public var identity: String
    /// When the journal was trimmed without the state it starts from for
    /// the projection, its first retained sequence number; nil when the
    /// verification did not carry the projection.
    public var trimmedFrom: Int64?
}
