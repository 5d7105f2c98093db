import Foundation
import Synchronization

/// One process's membership in a durable subscriber's group
/// (``SubscriberSharing/group(lease:batchSize:)``), run on a
/// ``BackgroundWorker``. Each step takes a batch: notices whose lease ran
/// out (looked for every ``expiryCheckInterval``), else notices no member
/// has taken yet, leased as the group's cursor moves past them. It hands
/// each to the sink under the delivery policy, parks those the sink throws
/// for every time, and ends the batch's leases. While there is work it
/// steps again at once; else when the journal changes or a poll passes.
/// Cancelled, it returns the leases of the notices it did not hand over.
final class GroupMember: Sendable, CancellableRegistration {
    struct Options: Sendable {
        var subscriber: String
        /// This member's name in the group's leases: host, process, and a
        /// random part, so that two members in one process differ.
        var member: String
        var query: JournalQuery
        var pollInterval: Duration
        var lease: Duration
        var batchSize: Int
        var delivery: DeliveryPolicy
        /// Told of each notice parked, and whether the journal recorded it.
        var onParked: (@Sendable (ParkedNotice, _ recorded: Bool) -> Void)?
    }

    /// How often, at least, a member looks for notices whose lease ran out
    /// and for parked notices whose replay was asked for.
    static let expiryCheckInterval: Duration = .seconds(1)

    private let options: Options
    private let stopped = Atomic<Bool>(false)
    private let onFailure: (@Sendable (any Error) -> Void)?
    private let finished = DispatchSemaphore(value: 0)
    /// Signalled by `cancel()`, so that a delivery waiting to be retried
    /// stops waiting at once.
    private let retryWake = DispatchSemaphore(value: 0)
    private let waker = WorkerWaker()
    private let commitWatch: (any CommitWatch)?
    private let threadID = Mutex<pthread_t?>(nil)

    /// Marks the name a group's, checks that no exclusive subscriber runs
    /// under it, and starts the thread.
    init(
        journal: any NoticeJournal, options: Options, onFailure: (@Sendable (any Error) -> Void)?,
        sink: @escaping @Sendable (Notice) throws -> Void
    ) throws {
        self.options = options
        self.onFailure = onFailure
        // Leases need no sync to disk: a lease, a cursor move or a lease's
        // end lost with the machine only hands the notices out again.
        let connection = try journal.connect(durability: .never)
        guard let groups = connection.subscriberGroups else {
            throw JournalError.storage(
                StorageFailure(
                    "the journal at \(journal.location) runs no subscriber groups: its connection is not a SubscriberGroupJournalConnection"
                ))
        }
        // Marked before the exclusive claim is tried: an exclusive
        // subscriber that claims the name after the try sees the mark.
        try groups.markGroup(options.subscriber)
        try Self.checkNoExclusiveSubscriber(options.subscriber, on: journal)
        let waker = self.waker
        commitWatch = (journal as? any CommitAnnouncingJournal)?.watchCommits { waker.wake() }
        let state = State(groups)
        guard
            let started = BackgroundWorker(name: "NoticeHub group member", { [self] in step(state, sink: sink) })
        else {
            commitWatch?.cancel()
            throw JournalError.storage("no thread could be started for a member of \(options.subscriber)")
        }
        waker.worker.locked { $0 = started }
        started.wake()
    }

    /// Throws ``JournalError/subscriberBusy(_:)`` while an exclusive
    /// subscriber holds `subscriber`'s claim. Another member trying the
    /// same claim at the same moment holds it for an instant only, so a
    /// refusal is believed after a few tries a few milliseconds apart.
    private static func checkNoExclusiveSubscriber(_ subscriber: String, on journal: any NoticeJournal) throws {
        var tries = 0
        while true {
            do {
                try journal.claimSubscriber(subscriber).release()
                return
            } catch let error as JournalError where error.code == .subscriberBusy && tries < 5 {
                tries += 1
                Thread.sleep(forTimeInterval: 0.005 * Double(tries))
            }
        }
    }

    /// A member's name for its leases: `host:process` and a random part,
    /// so that two members in one process differ.
    static func newMemberName() -> String {
        let random = UInt32.random(in: 0...UInt32.max)
        return "\(ProcessInfo.processInfo.hostName):\(getpid()) \(String(random, radix: 16))"
    }

    var isCancelled: Bool { stopped.load(ordering: .acquiring) }

    /// Stops the thread; waits for it unless called from the sink itself.
    func cancel() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        waker.wake()
        retryWake.signal()
        let isMemberThread = threadID.locked { id in id.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
        if !isMemberThread { finished.wait() }
    }

    /// What the member's steps use, on its thread only.
    ///
    /// `@unchecked Sendable`: handed to the worker, whose steps alone use it.
    private final class State: @unchecked Sendable {
        let connection: any SubscriberGroupJournalConnection
        var seenVersion: Int64?
        var checkedAt: ContinuousClock.Instant?

        init(_ connection: any SubscriberGroupJournalConnection) {
            self.connection = connection
        }
    }

    /// Why a member stops when its group's cursor is gone.
    private struct GroupDeleted: Error {}

    /// Whether no retry gets past `error`: what stops a follower, and the
    /// group deleted under the member.
    private static func stopsMember(_ error: JournalError) -> Bool {
        error.stopsFollowers || error.storageFailure?.underlying is GroupDeleted
    }

    /// A notice taken, and how many times it has been taken.
    private typealias Taken = (notice: Notice, takes: Int)

    private func step(_ state: State, sink: @Sendable (Notice) throws -> Void) -> BackgroundWorker.Next {
        threadID.locked { id in if id == nil { id = pthread_self() } }
        guard !isCancelled else { return end() }
        do {
            guard let batch = try take(state, sink: sink) else { return .now }
            if batch.isEmpty { return isCancelled ? end() : .after(options.pollInterval) }
            try hand(batch, on: state.connection, sink: sink)
            return isCancelled ? end() : .now
        } catch let error as JournalError where Self.stopsMember(error) {
            stop(failing: error)
            return end()
        } catch {
            // A transient failure (a busy file, a lost connection): try
            // again at the next poll; the leases taken run out meanwhile.
            state.seenVersion = nil
            return isCancelled ? end() : .after(options.pollInterval)
        }
    }

    /// The next batch: notices whose lease ran out, else new ones; empty
    /// when there is none, nil to look again at once (another member moved
    /// the cursor first, or a name filter passed over every new notice).
    private func take(_ state: State, sink: @Sendable (Notice) throws -> Void) throws -> [Taken]? {
        let connection = state.connection
        let now = ContinuousClock.now
        if state.checkedAt.map({ now - $0 >= Self.expiryCheckInterval }) ?? true {
            state.checkedAt = now
            try replayRequested(on: connection, sink: sink)
            let expired = try connection.takeExpiredLeases(
                of: options.subscriber, to: options.member, for: options.lease, limit: options.batchSize)
            if !expired.isEmpty {
                state.checkedAt = nil
                var batch: [Taken] = []
                var gone: [Int64] = []
                for lease in expired {
                    if let notice = try connection.storedNotice(numbered: lease.sequence) {
                        batch.append((notice, lease.takes))
                    } else {
                        gone.append(lease.sequence)
                    }
                }
                try connection.endLeases(gone, of: options.subscriber, member: options.member)
                return batch
            }
        }
        let version = try connection.changeCounter()
        guard version != state.seenVersion else { return [] }
        // The mark made the cursor: one gone was deleted under the member,
        // which stops rather than start the group again from the first notice.
        guard let cursor = try connection.cursor(of: options.subscriber) else {
            throw JournalError.storage(
                StorageFailure(
                    "durable subscriber \(IdentifierRules.quoted(options.subscriber)) was deleted while a member of its group ran",
                    underlying: GroupDeleted()))
        }
        let head = try connection.lastSequence()
        guard cursor < head else {
            state.seenVersion = version
            return []
        }
        var query = options.query
        query.from = cursor + 1
        query.through = min(head, options.query.through ?? head)
        query.limit = options.batchSize
        var notices: [Notice] = []
        try connection.read(query) { notice in
            notices.append(notice)
            return true
        }
        let newCursor = notices.count < options.batchSize ? head : notices.last?.sequence ?? head
        let leased = try connection.lease(
            notices.compactMap(\.sequence), of: options.subscriber, to: options.member, for: options.lease,
            movingCursorFrom: cursor, to: newCursor)
        guard leased, !notices.isEmpty else { return nil }
        return notices.map { ($0, 1) }
    }

    /// Hands `batch` to the sink in order, parks what it throws for every
    /// time, and ends the leases of both; returns the leases of what a
    /// cancellation left unhandled to the group.
    private func hand(
        _ batch: [Taken], on connection: any SubscriberGroupJournalConnection, sink: @Sendable (Notice) throws -> Void
    ) throws {
        let delivery = retried()
        var done: [Int64] = []
        var parked: [ParkedNotice] = []
        var renewedAt = ContinuousClock.now
        handing: for (notice, _) in batch {
            guard !isCancelled, let sequence = notice.sequence else { break }
            // A batch slower than a third of the lease renews the leases of
            // all its notices (those handed over end with the batch), so
            // that no other member takes one meanwhile.
            if ContinuousClock.now - renewedAt >= options.lease / 3 {
                renewedAt = ContinuousClock.now
                try connection.extendLeases(
                    batch.compactMap(\.notice.sequence), of: options.subscriber, member: options.member,
                    by: options.lease)
            }
            switch delivery.deliver(notice, to: sink) {
            case .handled:
                done.append(sequence)
            case .exhausted(let error, let deliveries):
                parked.append(
                    ParkedNotice(
                        subscriber: options.subscriber, sequence: sequence, error: error, deliveries: deliveries,
                        parkedAtMilliseconds: WallClock.nowMilliseconds()))
                done.append(sequence)
            case .cancelled:
                break handing
            }
        }
        // Parked before their leases end, so that none is lost.
        try record(parked, on: connection)
        try connection.endLeases(done, of: options.subscriber, member: options.member)
        let left = batch.compactMap(\.notice.sequence).filter { !done.contains($0) }
        try connection.extendLeases(left, of: options.subscriber, member: options.member, by: .zero)
    }

    /// The retries of `options.delivery`, waiting on a wake that `cancel()`
    /// ends at once.
    private func retried() -> RetriedDelivery {
        RetriedDelivery(policy: options.delivery) { [self] delay in
            guard !isCancelled else { return false }
            if delay > .zero { _ = retryWake.wait(timeout: .now() + delay.seconds) }
            return !isCancelled
        }
    }

    /// Records `parked` where the journal keeps parked notices, then tells
    /// `options.onParked` of each.
    private func record(_ parked: [ParkedNotice], on connection: any JournalConnection) throws {
        let parking = connection.parking
        for notice in parked { try parking?.park(notice) }
        for notice in parked { options.onParked?(notice, parking != nil) }
    }

    /// Hands over again the group's parked notices whose replay was asked
    /// for and that this member takes (``SubscriberGroupJournalConnection/takeReplay(of:sequence:)``),
    /// so that one member replays each: one handled is unparked, one that
    /// exhausts its deliveries again is parked again with its deliveries
    /// added up. One whose member dies meanwhile stays parked.
    private func replayRequested(
        on connection: any SubscriberGroupJournalConnection, sink: @Sendable (Notice) throws -> Void
    ) throws {
        guard let parking = connection.parking else { return }
        for parked in try parking.parkedNotices(of: options.subscriber, replayRequestedOnly: true) {
            guard !isCancelled else { return }
            guard try connection.takeReplay(of: options.subscriber, sequence: parked.sequence) else { continue }
            guard let notice = try connection.storedNotice(numbered: parked.sequence) else {
                _ = try parking.removeParked(of: options.subscriber, sequences: [parked.sequence])
                continue
            }
            switch retried().deliver(notice, to: sink) {
            case .handled:
                _ = try parking.removeParked(of: options.subscriber, sequences: [parked.sequence])
            case .exhausted(let error, let deliveries):
                try record([parked.again(error: error, deliveries: deliveries)], on: connection)
            case .cancelled:
                return
            }
        }
    }

    /// Lets go of the commit watch and tells `cancel()`.
    private func end() -> BackgroundWorker.Next {
        commitWatch?.cancel()
        finished.signal()
        return .stop
    }

    /// Stops from the member's own thread, unless cancelled meanwhile.
    private func stop(failing error: any Error) {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        commitWatch?.cancel()
        onFailure?(error)
    }
}
