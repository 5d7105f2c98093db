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
    /// The subscriber must not be running: the reset holds its name while it
    /// writes, and throws ``JournalError/subscriberBusy(_:)`` while it runs,
    /// in any process, changing nothing. A position below the journal's first
    /// retained notice throws ``JournalError/trimmed(from:firstRetained:)``,
    /// one past the notice after the last ``JournalError/beyondLast(_:last:)``.
    ///
    /// ```swift
    /// // Deliver the last hour again to the indexer, once it is stopped.
    /// try hub.journal.resetSubscriber("indexer", to: .time(Date().addingTimeInterval(-3600)))
    /// ```
    @discardableResult
    public func resetSubscriber(_ subscriber: String, to position: SubscriberPosition) throws -> Int64 {
        if let problem = IdentifierRules.problem(with: subscriber) {
            throw NoticeHubError.invalidSubscriber(subscriber, reason: problem)
        }
        let journal = try requireJournal()
        let claim = try journal.claimSubscriber(subscriber)
        defer { claim.release() }
        let connection = try claim.takeConnection() ?? journal.connect(durability: .always)
        let next = try nextSequence(for: position, on: connection)
        let firstRetained = try connection.keptMark(.firstRetained) ?? 1
        if next < firstRetained { throw JournalError.trimmed(from: next, firstRetained: firstRetained) }
        try connection.saveCursor(next - 1, of: subscriber)
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
