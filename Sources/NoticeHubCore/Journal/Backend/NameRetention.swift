/// How much a journal keeps of the notices of some names: a rule of a
/// ``RetentionPolicy`` (``RetentionPolicy/byName``), as a stream's limits
/// per subject are in other logs. Each name the rule's ``names`` matches is
/// held to the limits on its own: `sensor.*` with a ``maxCount`` of 1,000
/// keeps the newest 1,000 notices of `sensor.reading` and of `sensor.moved`.
///
/// ``keepingLatestBy`` compacts, as a log compacted by key does: of the
/// notices of a name whose payloads share a value of that field (the same
/// device, the same account), only the newest is kept.
///
/// The rule removes a name's notices from among the others, so the
/// journal's sequence numbers then have holes where they stood. The journal
/// records which numbers it removed, so that `verify` tells them apart from
/// rows deleted behind its back, and never numbers a notice again.
///
/// ```swift
/// try hub.journal.setRetentionPolicy(
///     RetentionPolicy(byName: [
///         NameRetention("sensor.*", maxAge: .seconds(7 * 86_400)),
///         NameRetention("device.status", keepingLatestBy: "device"),
///     ]))
/// ```
public struct NameRetention: Sendable, Equatable, Codable {
    /// The name, or the pattern (`sensor.*`, `metrics.>`), of the notices
    /// the rule keeps.
    public var names: NoticeName
    /// Notices posted longer ago than this are removed; nil: any age.
    public var maxAge: Duration?
    /// At most this many notices of each name are kept, the newest; nil:
    /// any number.
    public var maxCount: Int64?
    /// At most this many bytes of payload of each name are kept, the newest
    /// notices'; nil: any size.
    public var maxBytes: Int64?
    /// A top-level field of the payloads (`device`): of each name's
    /// notices whose payloads hold the same value there, only the newest is
    /// kept. A notice whose payload has no such field is kept. Nil: no
    /// compaction.
    public var keepingLatestBy: String?

    public init(
        _ names: NoticeName, maxAge: Duration? = nil, maxCount: Int64? = nil, maxBytes: Int64? = nil,
        keepingLatestBy: String? = nil
    ) {
        self.names = names
        self.maxAge = maxAge
        self.maxCount = maxCount
        self.maxBytes = maxBytes
        self.keepingLatestBy = keepingLatestBy
    }

    /// Whether the rule limits nothing.
    package var keepsEverything: Bool { maxAge == nil && maxCount == nil && maxBytes == nil && keepingLatestBy == nil }
}
