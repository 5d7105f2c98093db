import Foundation

/// The journal's tools as the hub carried them before they moved to
/// ``NoticeHub/journal``; each forwards to its new spelling there.
extension NoticeHub {
    @available(*, deprecated, renamed: "journal.replay(from:through:names:into:onUndecodable:)")
    @discardableResult
    public func replay(
        from first: Int64 = 1, through last: Int64? = nil, names: Set<NoticeName>? = nil,
        into target: NoticeHub? = nil, onUndecodable: ((UndecodableNotice) -> Void)? = nil
    ) throws -> Int {
        try journal.replay(from: first, through: last, names: names, into: target, onUndecodable: onUndecodable)
    }

    @available(*, deprecated, renamed: "journal.follow(pollInterval:onFailure:)")
    public func follow(
        pollInterval: Duration? = nil, onFailure: (@Sendable (any Error) -> Void)? = nil
    ) throws -> Subscription {
        try journal.follow(pollInterval: pollInterval, onFailure: onFailure)
    }

    @available(*, deprecated, renamed: "journal.subscribe(as:names:pollInterval:delivery:onFailure:handler:)")
    public func subscribeDurably(
        as subscriber: String, names: Set<NoticeName>? = nil, pollInterval: Duration? = nil,
        onFailure: (@Sendable (any Error) -> Void)? = nil, handler: @escaping @Sendable (Notice) -> Void
    ) throws -> Subscription {
        try journal.subscribe(
            as: subscriber, names: names, pollInterval: pollInterval, onFailure: onFailure, handler: handler)
    }

    @available(*, deprecated, renamed: "journal.tail(_:pollInterval:onFailure:handler:)")
    public func followJournal(
        _ query: JournalQuery, pollInterval: Duration? = nil, onFailure: (@Sendable (any Error) -> Void)? = nil,
        handler: @escaping @Sendable (Notice) -> Void
    ) throws -> Subscription {
        try journal.tail(query, pollInterval: pollInterval, onFailure: onFailure, handler: handler)
    }

    @available(*, deprecated, renamed: "journal.saveVerifiedCheckpoint(_:)")
    public func saveVerifiedCheckpoint(_ sequence: Int64) throws {
        try journal.saveVerifiedCheckpoint(sequence)
    }

    @available(*, deprecated, renamed: "journal.setRetentionPolicy(_:)")
    public func setRetentionPolicy(_ policy: RetentionPolicy) throws {
        try journal.setRetentionPolicy(policy)
    }

    @available(*, deprecated, renamed: "journal.applyRetention(now:progress:)")
    @discardableResult
    public func applyRetention(now: Int64? = nil, progress: ((TrimSummary) -> Void)? = nil) throws
        -> RetentionOutcome
    {
        try journal.applyRetention(now: now, progress: progress)
    }

    @available(*, deprecated, renamed: "journal.applyRetention(every:onApplied:onFailure:)")
    public func applyRetention(
        every interval: Duration, onApplied: (@Sendable (RetentionOutcome) -> Void)? = nil,
        onFailure: (@Sendable (any Error) -> Void)? = nil
    ) throws -> Subscription {
        try journal.applyRetention(every: interval, onApplied: onApplied, onFailure: onFailure)
    }

    @available(
        *, deprecated,
        renamed: "journal.trim(through:leavingSubscribersBehind:leavingProjectionsBehind:batchSize:progress:)"
    )
    @discardableResult
    public func trim(
        through sequence: Int64, leavingSubscribersBehind: Bool = false, leavingProjectionsBehind: Bool = false,
        batchSize: Int = HubJournal.trimBatchSize, progress: ((TrimSummary) -> Void)? = nil
    ) throws -> TrimSummary {
        try journal.trim(
            through: sequence, leavingSubscribersBehind: leavingSubscribersBehind,
            leavingProjectionsBehind: leavingProjectionsBehind, batchSize: batchSize, progress: progress)
    }

    @available(*, deprecated, message: "a trim's batch size is HubJournal.trim's default")
    public static let trimBatchSize = HubJournal.trimBatchSize

    @available(*, deprecated, renamed: "journal.importNotices(_:transactionSize:progress:)")
    public func importNotices(
        _ lines: some Sequence<String>, transactionSize: Int? = nil, progress: ((Int) -> Void)? = nil
    ) throws -> ImportSummary {
        try journal.importNotices(lines, transactionSize: transactionSize, progress: progress)
    }

    @available(*, deprecated, renamed: "journal.rebuildProjection(_:progress:)")
    @discardableResult
    public func rebuildProjection(
        _ identity: String, progress: ((RebuildProgress) -> Void)? = nil
    ) throws -> ProjectionRebuild {
        try journal.rebuildProjection(identity, progress: progress)
    }

    @available(*, deprecated, renamed: "journal.projectionStates(asOf:)")
    public func projectionStates(asOf sequence: Int64) throws -> [ProjectionSnapshot] {
        try journal.projectionStates(asOf: sequence)
    }

    @available(*, deprecated, renamed: "journal.projectionDifferences(_:)")
    public func projectionDifferences(_ projection: any Projection) throws -> [String] {
        try journal.projectionDifferences(projection)
    }

    @available(*, deprecated, renamed: "journal.withScratchReplay(of:_:)")
    public func withScratchReplay<T>(
        of projection: any Projection, _ body: (NoticeHub) throws -> T
    ) throws -> (refusals: [String], result: T) {
        try journal.withScratchReplay(of: projection, body)
    }

    @available(*, deprecated, renamed: "journal.carriedProjections")
    public var projections: [any Projection] { journal.carriedProjections }

    @available(*, deprecated, renamed: "journal.openingRebuilds")
    public var openingRebuilds: [ProjectionRebuild] { journal.openingRebuilds }
}
