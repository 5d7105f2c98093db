public import Foundation

/// A notice a durable subscriber's handler kept throwing for, set aside in
/// the journal after ``DeliveryPolicy/maxDeliveries`` deliveries while the
/// subscriber went on: listed by ``HubJournal/parkedNotices(of:)``, handed
/// again by ``HubJournal/replayParked(of:)``, removed by
/// ``HubJournal/dropParked(of:sequences:)``.
///
/// ```swift
/// for parked in try hub.journal.parkedNotices(of: "indexer") {
///     print("#\(parked.sequence) after \(parked.deliveries) deliveries: \(parked.error)")
/// }
/// ```
public struct ParkedNotice: Sendable, Equatable {
    /// The subscriber that parked it.
    public var subscriber: String
    /// The notice's sequence number in the journal.
    public var sequence: Int64
    /// The description of the last error its handler threw.
    public var error: String
    /// How many times it was handed to the handler, replays included.
    public var deliveries: Int
    /// When it was (last) parked, in milliseconds since 1970.
    public var parkedAtMilliseconds: Int64
    /// True once ``HubJournal/replayParked(of:)`` asked for it again, until
    /// the subscriber has handed it over.
    public var replayRequested: Bool

    /// A parked notice as a backend reads it back.
    public init(
        subscriber: String, sequence: Int64, error: String, deliveries: Int, parkedAtMilliseconds: Int64,
        replayRequested: Bool = false
    ) {
        self.subscriber = subscriber
        self.sequence = sequence
        self.error = error
        self.deliveries = deliveries
        self.parkedAtMilliseconds = parkedAtMilliseconds
        self.replayRequested = replayRequested
    }

    /// When it was (last) parked.
    public var parkedAt: Date { Date(timeIntervalSince1970: Double(parkedAtMilliseconds) / 1000) }
}

extension ParkedNotice {
    /// This notice parked again after a replay whose `deliveries` all threw,
    /// the last with `error`: its deliveries added up, no replay asked for.
    func again(error: String, deliveries: Int) -> ParkedNotice {
        var again = self
        again.error = error
        again.deliveries += deliveries
        again.parkedAtMilliseconds = WallClock.nowMilliseconds()
        again.replayRequested = false
        return again
    }
}
