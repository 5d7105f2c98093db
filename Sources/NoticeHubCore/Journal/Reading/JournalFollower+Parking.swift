import Foundation

/// A follower's retries, the notices it parks, and the parked notices it
/// hands over again when their replay is asked for.
extension JournalFollower {
    /// The retries of `options.delivery`, waiting on a wake that `cancel()`
    /// ends at once.
    func retried(_ options: Options) -> RetriedDelivery {
        RetriedDelivery(policy: options.delivery) { [self] delay in
            guard !isCancelled else { return false }
            if delay > .zero { _ = retryWake.wait(timeout: .now() + delay.seconds) }
            return !isCancelled
        }
    }

    /// Records `parked` on a connection that keeps parked notices, then
    /// tells `options.onParked` of each.
    func record(_ parked: [ParkedNotice], on connection: any JournalConnection, options: Options) throws {
        guard options.subscriber != nil else {
            for notice in parked { options.onParked?(notice, false) }
            return
        }
        let parking = connection.parking
        for notice in parked { try parking?.park(notice) }
        for notice in parked { options.onParked?(notice, parking != nil) }
    }

    /// Hands over again, in sequence order, the durable subscriber's parked
    /// notices whose replay was asked for: each one handled is unparked,
    /// each one that exhausts its deliveries again is parked again with
    /// its deliveries added up. A parked notice no longer in the journal
    /// (trimmed) is unparked.
    func replayRequested(
        on connection: any JournalConnection, options: Options, sink: @Sendable (Notice) throws -> Void
    ) throws {
        guard let subscriber = options.subscriber, let parking = connection.parking else { return }
        for parked in try parking.parkedNotices(of: subscriber, replayRequestedOnly: true) {
            guard !isCancelled else { return }
            guard let notice = try connection.storedNotice(numbered: parked.sequence) else {
                _ = try parking.removeParked(of: subscriber, sequences: [parked.sequence])
                continue
            }
            switch retried(options).deliver(notice, to: sink) {
            case .handled:
                _ = try parking.removeParked(of: subscriber, sequences: [parked.sequence])
            case .exhausted(let error, let deliveries):
                try record([parked.again(error: error, deliveries: deliveries)], on: connection, options: options)
            case .cancelled:
                return
            }
        }
    }
}
