/// How much of its history a journal keeps: the notices
/// ``NoticeHub-class/applyRetention(now:progress:)`` trims away are those
/// older than ``maxAge``, those beyond the newest ``maxCount``, and the
/// oldest whose payloads take the journal past ``maxBytes``. The policy
/// is kept in the journal (``NoticeHub-class/setRetentionPolicy(_:)``), so every
/// process and `noticectl retention apply` apply the same one.
///
/// It covers the whole journal, not names: a journal numbers its notices
/// without a gap, and a trim removes its oldest ones only.
public struct RetentionPolicy: Sendable, Equatable, Codable {
    /// Notices posted longer ago than this are trimmed; nil: any age.
    public var maxAge: Duration?
    /// At most this many notices are kept, the newest; nil: any number.
    public var maxCount: Int64?
    /// At most this many bytes of payload (their JSON, as stored) are kept,
    /// the newest notices'; nil: any size. The journal's own bytes per
    /// notice (its id, name, indexes) come on top.
    public var maxBytes: Int64?

    public init(maxAge: Duration? = nil, maxCount: Int64? = nil, maxBytes: Int64? = nil) {
        self.maxAge = maxAge
        self.maxCount = maxCount
        self.maxBytes = maxBytes
    }

    /// Keeps everything.
    public static let keepEverything = RetentionPolicy()

    /// Whether the policy keeps every notice.
    public var keepsEverything: Bool { maxAge == nil && maxCount == nil && maxBytes == nil }
}

/// What applying a retention policy did.
public struct RetentionOutcome: Sendable, Equatable {
    /// The trim it made; nil when nothing was old or many enough.
    public var trim: TrimSummary?
    /// A durable subscriber that has not handled notices the policy would
    /// trim, which were kept for it; nil when none held the trim back.
    public var heldBackBy: String?

    public init(trim: TrimSummary?, heldBackBy: String?) {
        self.trim = trim
        self.heldBackBy = heldBackBy
    }
}
