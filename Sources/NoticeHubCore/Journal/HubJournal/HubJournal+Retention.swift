extension HubJournal {
    /// Keeps `policy` in the journal, in place of the one it held.
    ///
    /// ```swift
    /// try hub.journal.setRetentionPolicy(RetentionPolicy(maxAge: .seconds(90 * 86_400)))
    /// ```
    public func setRetentionPolicy(_ policy: RetentionPolicy) throws {
        guard let writer else { throw JournalError.noJournal }
        if let count = policy.maxCount, count < 1 {
            throw JournalError.trimRefused("a retention policy keeps at least 1 notice, not \(count)")
        }
        if let age = policy.maxAge, age <= .zero {
            throw JournalError.trimRefused("a retention policy's maximum age must be positive")
        }
        if let bytes = policy.maxBytes, bytes < 1 {
            throw JournalError.trimRefused("a retention policy keeps at least 1 byte, not \(bytes)")
        }
        let rules = try Self.checkedRules(policy.byName)
        try refuseRulesOverProjections(rules)
        try writer.exclusively { connection in
            let trimming = try connection.requireTrimming()
            try trimming.setMark(.retentionMaxAge, to: policy.maxAge.map(Self.milliseconds))
            try trimming.setMark(.retentionMaxCount, to: policy.maxCount)
            try trimming.setMark(.retentionMaxBytes, to: policy.maxBytes)
            if let nameRetention = connection.nameRetention {
                try nameRetention.setRetentionRules(rules)
            } else if !rules.isEmpty {
                throw JournalError.marksUnsupported
            }
        }
    }

    /// Trims the journal to its retention policy (``HubJournal/retentionPolicy()``)
    /// as of `now` (milliseconds since 1970; nil: the wall clock): through the newest notice that is older than
    /// ``RetentionPolicy/maxAge``, beyond the newest
    /// ``RetentionPolicy/maxCount``, or whose payload with those before it
    /// takes the journal past ``RetentionPolicy/maxBytes``, with
    /// ``trim(through:leavingSubscribersBehind:leavingProjectionsBehind:batchSize:progress:)``. It
    /// keeps the journal's last notice, and the notices a durable subscriber
    /// has not handled yet, naming the first such subscriber in the outcome.
    /// Age is judged by each notice's posting time, read from the oldest on
    /// until the first young enough, and size by each payload's bytes, read
    /// likewise until enough are gone, so the cost follows what is trimmed.
    ///
    /// Then each rule by name (``RetentionPolicy/byName``) removes the
    /// oldest notices of the names it matches, each name held to its limits
    /// on its own, from among the others
    /// (``RetentionOutcome/removedByName``), keeping the journal's last
    /// notice and what durable subscribers have not handled likewise. It
    /// refuses, removing nothing, when a rule covers a name an installed
    /// projection handles.
    ///
    /// ```swift
    /// let outcome = try hub.journal.applyRetention()
    /// print(outcome.trim?.removed ?? 0)
    /// ```
    @discardableResult
    public func applyRetention(now: Int64? = nil, progress: ((TrimSummary) -> Void)? = nil) throws
        -> RetentionOutcome
    {
        try applyRetention(now: now, progress: progress, until: { false })
    }

    /// ``applyRetention(now:progress:)``, whose trim stops between batches
    /// once `stopped` returns true (the next trim finishes it).
    func applyRetention(now: Int64?, progress: ((TrimSummary) -> Void)?, until stopped: () -> Bool) throws
        -> RetentionOutcome
    {
        let policy = try self.retentionPolicy()
        var outcome = try applyJournalRetention(policy, now: now, progress: progress, until: stopped)
        if !policy.byName.isEmpty, !stopped() {
            let byName = try applyRetentionByName(policy.byName, now: now, until: stopped)
            outcome.removedByName = byName.removed
            outcome.heldBackBy = outcome.heldBackBy ?? byName.heldBackBy
        }
        return outcome
    }

    /// The policy's limits on the whole journal, applied by a trim.
    private func applyJournalRetention(
        _ policy: RetentionPolicy, now: Int64?, progress: ((TrimSummary) -> Void)?, until stopped: () -> Bool
    ) throws -> RetentionOutcome {
        let statistics = try self.statistics()
        guard policy.maxAge != nil || policy.maxCount != nil || policy.maxBytes != nil,
            let last = statistics.lastSequence
        else {
            return RetentionOutcome(trim: nil, heldBackBy: nil)
        }
        let first = try self.firstRetainedSequence()
        var through = first - 1
        if let count = policy.maxCount { through = max(through, last - count) }
        if let age = policy.maxAge {
            let cutoff = (now ?? WallClock.nowMilliseconds()) - Self.milliseconds(age)
            through = max(through, try lastNotice(postedBefore: cutoff, from: first) ?? through)
        }
        if let bytes = policy.maxBytes {
            through = max(through, try lastNotice(leaving: bytes, from: first) ?? through)
        }
        through = min(through, last - 1)
        var heldBackBy: String?
        if let behind = statistics.subscribers.min(by: { $0.cursor < $1.cursor }), behind.cursor < through {
            through = behind.cursor
            heldBackBy = behind.name
        }
        guard through >= first else { return RetentionOutcome(trim: nil, heldBackBy: heldBackBy) }
        let trim = try self.trim(
            through: through, leavingSubscribersBehind: true, leavingProjectionsBehind: false,
            batchSize: Self.trimBatchSize, progress: progress, until: stopped)
        return RetentionOutcome(trim: trim, heldBackBy: heldBackBy)
    }

    /// The sequence of the last notice, from `first` on, posted before
    /// `cutoff` (milliseconds since 1970) ahead of the first that is not.
    private func lastNotice(postedBefore cutoff: Int64, from first: Int64) throws -> Int64? {
        var found: Int64?
        try self.read(JournalQuery(from: first)) { notice in
            guard notice.postedAtMilliseconds < cutoff else { return false }
            found = notice.sequence
            return true
        }
        return found
    }

    /// The sequence of the last notice, from `first` on, whose removal with
    /// those before it leaves at most `bytes` of payload in the journal, as
    /// its counts (`journal_counts`) hold them; nil when it holds no more.
    private func lastNotice(leaving bytes: Int64, from first: Int64) throws -> Int64? {
        let held = try self.readState {
            // The cast: PostgreSQL sums bigints into a numeric.
            try $0.integer("SELECT CAST(coalesce(sum(payload_bytes), 0) AS BIGINT) FROM journal_counts", [])
        }
        var excess = (held ?? 0) - bytes
        guard excess > 0 else { return nil }
        var found: Int64?
        try self.read(JournalQuery(from: first)) { notice in
            excess -= Int64(try notice.payloadJSON().utf8.count)
            found = notice.sequence
            return excess > 0
        }
        return found
    }

    package static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds.multipliedReportingOverflow(by: 1_000).overflow
            ? .max : seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    }
}
