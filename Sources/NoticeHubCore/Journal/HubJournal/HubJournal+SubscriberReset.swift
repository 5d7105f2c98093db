public import Foundation

/// Where a durable subscriber goes on from after
/// ``HubJournal/resetSubscriber(_:to:)``.
public enum SubscriberPosition: Sendable, Equatable {
    /// The notice numbered this is delivered next (1 for the whole journal).
    case sequence(Int64)
    /// The first notice posted at or after this time is delivered next,
    /// found by bisecting the journal's sequence numbers, which assumes that
    /// posting times rise with them (they do, within the posters' clock skew).
    case time(Date)
    /// Only notices journaled after the reset are delivered.
    case end
}

extension HubJournal {
    /// Moves a durable subscriber's cursor, to deliver again from an earlier
    /// notice (after a bug fix, say) or to skip what it has not handled.
    /// Returns the subscriber's new cursor: the last sequence it counts as
    /// handled. A subscriber that has never run is created at that cursor.
    ///
    /// A running subscriber, in this process or another, goes on from the
    /// reset cursor at its next batch: the batch it is handling when the
    /// reset is made is finished, its cursor not saved, and the next one
    /// starts at `position`. An idle one takes the reset within a second.
    /// On a backend whose connections count no resets (not a
    /// ``CursorResettingJournalConnection``) the reset holds the
    /// subscriber's name while it writes instead, and throws
    /// ``JournalError/subscriberBusy(_:)`` while the subscriber runs,
    /// changing nothing. A position below the journal's first
    /// retained notice throws ``JournalError/trimmed(from:firstRetained:)``,
    /// one past the notice after the last ``JournalError/beyondLast(_:last:)``.
    ///
    /// ```swift
    /// // Deliver the last hour again to the indexer, running or not.
    /// try hub.journal.resetSubscriber("indexer", to: .time(Date().addingTimeInterval(-3600)))
    /// ```
    @discardableResult
    public func resetSubscriber(_ subscriber: String, to position: SubscriberPosition) throws -> Int64 {
        if let problem = IdentifierRules.problem(with: subscriber) {
            throw NoticeHubError.invalidSubscriber(subscriber, reason: problem)
        }
        let journal = try requireJournal()
        let connection = try journal.connect(durability: .always)
        if let resetting = connection.cursorResetting {
            let cursor = try cursor(at: position, on: connection)
            try resetting.resetCursor(cursor, of: subscriber)
            return cursor
        }
        let claim = try journal.claimSubscriber(subscriber)
        defer { claim.release() }
        let claimed = claim.takeConnection() ?? connection
        let cursor = try cursor(at: position, on: claimed)
        try claimed.saveCursor(cursor, of: subscriber)
        return cursor
    }

    /// The cursor that makes `position` the next notice delivered.
    private func cursor(at position: SubscriberPosition, on connection: any JournalConnection) throws -> Int64 {
        let next = try nextSequence(for: position, on: connection)
        let firstRetained = try connection.keptMark(.firstRetained) ?? 1
        if next < firstRetained { throw JournalError.trimmed(from: next, firstRetained: firstRetained) }
        return next - 1
    }

    /// The sequence `position` names as the next to deliver.
    private func nextSequence(for position: SubscriberPosition, on connection: any JournalConnection) throws
        -> Int64
    {
        let last = try connection.lastSequence()
        switch position {
        case .sequence(let sequence):
            // The next to be journaled is a position too: the end.
            guard sequence <= last + 1 else { throw JournalError.beyondLast(sequence, last: last) }
            return sequence
        case .end:
            return last + 1
        case .time(let date):
            let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.up))
            // The first sequence whose notice was posted at or after the time.
            var low = try connection.keptMark(.firstRetained) ?? 1
            var high = last + 1
            while low < high {
                let middle = low + (high - low) / 2
                var posted: (sequence: Int64, at: Int64)?
                try connection.read(JournalQuery(from: middle, limit: 1)) { notice in
                    posted = (notice.sequence ?? middle, notice.postedAtMilliseconds)
                    return false
                }
                guard let posted else {
                    high = middle
                    continue
                }
                if posted.at >= milliseconds {
                    high = middle
                } else {
                    low = posted.sequence + 1
                }
            }
            return low
        }
    }
}
