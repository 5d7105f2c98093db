/// How much of its history a journal keeps: the notices
/// ``HubJournal/applyRetention(now:progress:)`` trims away are those
/// older than ``maxAge``, those beyond the newest ``maxCount``, and the
/// oldest whose payloads take the journal past ``maxBytes``. The policy
/// is kept in the journal (``HubJournal/setRetentionPolicy(_:)``), so every
/// process and `noticectl retention apply` apply the same one.
///
/// The limits cover the whole journal, whose oldest notices a trim removes;
/// ``byName`` holds rules for the notices of some names, removed from among
/// the others.
public struct RetentionPolicy: Sendable, Equatable, Codable {
    /// Notices posted longer ago than this are trimmed; nil: any age.
    public var maxAge: Duration?
    /// At most this many notices are kept, the newest; nil: any number.
    public var maxCount: Int64?
    /// At most this many bytes of payload (their JSON, as stored) are kept,
    /// the newest notices'; nil: any size. The journal's own bytes per
    /// notice (its id, name, indexes) come on top.
    public var maxBytes: Int64?
    /// Rules for the notices of some names, one per name or pattern, in
    /// the order of their patterns. A notice several rules match is held
    /// to each.
    public var byName: [NameRetention]

    public init(
        maxAge: Duration? = nil, maxCount: Int64? = nil, maxBytes: Int64? = nil, byName: [NameRetention] = []
    ) {
        self.maxAge = maxAge
        self.maxCount = maxCount
        self.maxBytes = maxBytes
        self.byName = byName
    }

    /// Keeps everything.
    public static let keepEverything = RetentionPolicy()

    /// Whether the policy keeps every notice.
    package var keepsEverything: Bool {
        maxAge == nil && maxCount == nil && maxBytes == nil && byName.allSatisfy(\.keepsEverything)
    }
}

/// What applying a retention policy did.
public struct RetentionOutcome: Sendable, Equatable {
    /// The trim it made; nil when nothing was old or many enough.
    public var trim: TrimSummary?
    /// A durable subscriber that has not handled notices the policy would
    /// trim, which were kept for it; nil when none held the trim back.
    public var heldBackBy: String?
    /// How many notices of each name the rules by name removed; empty when
    /// they removed none.
    public var removedByName: [NoticeName: Int]

    package init(trim: TrimSummary?, heldBackBy: String?, removedByName: [NoticeName: Int] = [:]) {
        self.trim = trim
        self.heldBackBy = heldBackBy
        self.removedByName = removedByName
    }
}
