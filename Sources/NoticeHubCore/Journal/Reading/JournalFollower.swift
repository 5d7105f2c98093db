import Foundation
import Synchronization

/// Reads a journal in sequence order from a ``BackgroundWorker``, from a
/// starting point onward, and hands each notice to a sink; then watches for commits
/// from any process (the journal's change counter, polled every
/// `pollInterval`, and sooner when the journal announces a commit) and
/// hands over what they appended.
///
/// Used for following other processes' posts and for durable subscribers.
/// When `subscriber` is set, the position is that subscriber's cursor in the
/// journal, saved after each batch the sink has handled.
///
/// A failed poll is tried again at the next one (a file locked by a
/// checkpoint passes, a server connection is made again), except a row the
/// journal cannot read (``JournalError/malformedRow(sequence:problem:)``),
/// which no retry gets past, so the follower stops there, saves the cursor
/// just before it, and tells `onFailure`; and a journal rolled back behind
/// the follower (``JournalError/stopsFollowers``), which stops it too. A
/// durable subscriber that lost its claim (``JournalError/claimLost(_:)``)
/// claims its name again when `Options.reclaim` says how, waiting while
/// another holds it or the server does not answer, and goes on from its
/// saved cursor; without `reclaim` it stops.
///
/// A sink that throws is handed the notice again under `Options.delivery`,
/// later notices waiting meanwhile; one it throws for every time is parked
/// (recorded on a ``ParkingJournalConnection`` before the cursor passes it,
/// and told to `Options.onParked`). A durable subscriber hands over the
/// parked notices whose replay was asked for when the journal changes, and
/// at least every ``replayCheckInterval``; at the same times, one whose
/// cursor was reset (on a ``CursorResettingJournalConnection``) goes on
/// from the reset cursor, as it does when a reset stops its cursor's save.
final class JournalFollower: Sendable, CancellableRegistration {
    struct Options: Sendable {
        var query: JournalQuery
        var pollInterval: Duration
        var subscriber: String?
        var batchSize = 256
        /// Claims the subscriber's name again after a lost claim.
        var reclaim: (@Sendable () throws -> any SubscriberClaim)?
        /// Told when the claim is lost, and when it is claimed again.
        var onClaim: (@Sendable (ClaimEvent) -> Void)?
        /// How a notice the sink throws for is handed over again.
        var delivery = DeliveryPolicy.standard
        /// Told of each notice parked, and whether the journal recorded it
        /// (false on a connection that keeps no parked notices).
        var onParked: (@Sendable (ParkedNotice, _ recorded: Bool) -> Void)?
    }

    /// What happens to a durable subscriber's claim.
    enum ClaimEvent: Sendable {
        case lost
        case claimedAgain(cursor: Int64)
    }

    private let stopped = Atomic<Bool>(false)
    /// Called once when the follower is cancelled or stops on a failure.
    private let onCancel: (@Sendable () -> Void)?
    /// Called once, on the follower's thread, when it stops on a failure.
    private let onFailure: (@Sendable (any Error) -> Void)?
    private let finished = DispatchSemaphore(value: 0)
    /// Woken by `cancel()`, so a follower between polls stops at once
    /// instead of at the end of a long poll interval, and by the journal's
    /// commit announcements, so it reads a commit without waiting for a poll.
    private let waker = WorkerWaker()
    /// Signalled by `cancel()`, so that a delivery waiting to be retried
    /// stops waiting at once.
    let retryWake = DispatchSemaphore(value: 0)
    private let commitWatch: (any CommitWatch)?
    private let threadID = Mutex<pthread_t?>(nil)
    /// A durable subscriber's hold on its name, given up when the thread is
    /// done with the cursor; replaced when it is claimed again.
    private let claim: Mutex<(any SubscriberClaim)?>
    /// The journal, for the connection of a claim made again.
    private let journal: any NoticeJournal

    /// Opens the connection and starts the thread; the first read happens at
    /// once. A durable subscriber's `claim` is released when the thread ends
    /// (after its last cursor is saved), or at once if this throws.
    init(
        journal: any NoticeJournal, options: Options, claim: (any SubscriberClaim)? = nil,
        onCancel: (@Sendable () -> Void)? = nil,
        onFailure: (@Sendable (any Error) -> Void)? = nil, sink: @escaping @Sendable (Notice) throws -> Void
    ) throws {
        self.onCancel = onCancel
        self.onFailure = onFailure
        self.claim = Mutex(claim)
        self.journal = journal
        let waker = self.waker
        commitWatch = (journal as? any CommitAnnouncingJournal)?.watchCommits { waker.wake() }
        do {
            let connection = try claim?.takeConnection() ?? journal.connectForReading()
            if let subscriber = options.subscriber, try connection.subscriberGroups?.isGroup(subscriber) == true {
                throw JournalError.subscriberGrouped(subscriber)
            }
            let position = Position(connection, next: options.query.from)
            if let subscriber = options.subscriber { try position.readCursor(of: subscriber) }
            let worker = BackgroundWorker(name: "NoticeHub follower") { [self] in
                step(position, options: options, sink: sink)
            }
            // Without its thread a follower would never deliver, and cancelling
            // it would wait forever.
            guard let worker else {
                throw JournalError.storage("no thread could be started to follow \(journal.location)")
            }
            waker.worker.locked { $0 = worker }
            // A commit announced before the worker was stored woke nobody.
            worker.wake()
        } catch {
            commitWatch?.cancel()
            claim?.release()
            throw error
        }
    }

    var isCancelled: Bool { stopped.load(ordering: .acquiring) }

    /// Stops the thread; waits for it unless called from the sink itself.
    func cancel() {
        guard askToStop() else { return }
        let isFollowerThread = threadID.locked { id in id.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
        if !isFollowerThread { finished.wait() }
    }

    /// Stops the thread without waiting for the step under way, which a
    /// server cut off by the network can hold for as long as a statement's
    /// answer is waited for: for a follower whose sink does nothing once its
    /// owner is gone (a hub's reply inbox, at the hub's close).
    func stopWithoutWaiting() {
        askToStop()
    }

    /// Marks the follower stopped and wakes its thread; false if it was.
    @discardableResult
    private func askToStop() -> Bool {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return false }
        onCancel?()
        waker.wake()
        retryWake.signal()
        return true
    }

    /// Where a follower's worker is, used by its steps only.
    ///
    /// `@unchecked Sendable`: handed to the worker, whose steps alone use it.
    private final class Position: @unchecked Sendable {
        var connection: any JournalConnection
        var next: Int64
        var seenVersion: Int64?
        /// Set while a durable subscriber waits to claim its name again: the
        /// rest before the next try.
        var reclaiming: Duration?
        /// When a durable subscriber last looked for parked notices whose
        /// replay was asked for.
        var replayCheckedAt: ContinuousClock.Instant?

        /// How many times the durable subscriber's cursor had been reset
        /// when it was read; nil on a connection that counts no resets.
        var resets: Int64?

        init(_ connection: any JournalConnection, next: Int64) {
            self.connection = connection
            self.next = next
        }

        /// Goes on from `subscriber`'s saved cursor, noting its resets, at
        /// the next step.
        func readCursor(of subscriber: String) throws {
            seenVersion = nil
            if let resetting = connection.cursorResetting {
                let saved = try resetting.cursorAndResets(of: subscriber)
                next = (saved?.cursor ?? 0) + 1
                resets = saved?.resets ?? 0
            } else {
                next = (try connection.cursor(of: subscriber) ?? 0) + 1
                resets = nil
            }
        }

        /// Saves `subscriber`'s cursor unless it was reset since it was
        /// read; then goes on from the reset cursor instead. False when it
        /// was reset.
        func saveCursor(_ cursor: Int64, of subscriber: String) throws -> Bool {
            guard let resets, let resetting = connection.cursorResetting else {
                try connection.saveCursor(cursor, of: subscriber)
                return true
            }
            if try resetting.saveCursor(cursor, of: subscriber, ifResets: resets) { return true }
            try readCursor(of: subscriber)
            return false
        }

        /// Goes on from `subscriber`'s saved cursor, at this step, if it was
        /// reset since it was read.
        func followReset(of subscriber: String) throws {
            guard let resets, let resetting = connection.cursorResetting,
                let saved = try resetting.cursorAndResets(of: subscriber), saved.resets != resets
            else { return }
            next = saved.cursor + 1
            self.resets = saved.resets
            seenVersion = nil
        }
    }

    /// How often, at least, a durable subscriber looks for parked notices
    /// whose replay was asked for, and for a reset of its cursor.
    static let replayCheckInterval: Duration = .seconds(1)

    /// One poll: what other processes committed since the last change of
    /// the journal's counter, handed to the sink. Once cancelled, or stopped
    /// by a failure no retry gets past, it lets go of what it holds and
    /// ends the worker.
    private func step(
        _ position: Position, options: Options, sink: @Sendable (Notice) throws -> Void
    ) -> BackgroundWorker.Next {
        threadID.locked { id in if id == nil { id = pthread_self() } }
        guard !isCancelled else { return end() }
        if position.reclaiming != nil { return reclaim(position, options: options) }
        do {
            let version = try position.connection.changeCounter()
            let now = ContinuousClock.now
            // Resets and replays are looked for when the journal changed (a
            // request on SQLite moves its counter) and at least every
            // `replayCheckInterval`, not at every poll, which may be a
            // millisecond apart.
            if version != position.seenVersion
                || position.replayCheckedAt.map({ now - $0 >= Self.replayCheckInterval }) ?? true
            {
                position.replayCheckedAt = now
                if let subscriber = options.subscriber { try position.followReset(of: subscriber) }
                try replayRequested(on: position.connection, options: options, sink: sink)
            }
            if version != position.seenVersion {
                position.seenVersion = version
                try drain(position, options: options, sink: sink)
            }
        } catch let error as JournalError where error.code == .claimLost && options.reclaim != nil {
            claim.locked { $0.take() }?.release()
            options.onClaim?(.lost)
            position.reclaiming = .milliseconds(100)
            return reclaim(position, options: options)
        } catch let error as JournalError where error.stopsFollowers {
            stop(failing: error)
            return end()
        } catch {
            // A transient failure (a locked file during checkpoint, say):
            // try again at the next poll rather than lose the follower.
            position.seenVersion = nil
        }
        return isCancelled ? end() : .after(options.pollInterval)
    }

    /// Tries to claim the subscriber's name again; once claimed, the
    /// follower reads on the claim's connection from the cursor saved
    /// there. While another holds the name or the server does not answer,
    /// it tries again after a rest that doubles up to 5 s.
    private func reclaim(_ position: Position, options: Options) -> BackgroundWorker.Next {
        guard let reclaim = options.reclaim, let rest = position.reclaiming, let subscriber = options.subscriber else {
            return end()
        }
        do {
            let claimed = try reclaim()
            do {
                position.connection = try claimed.takeConnection() ?? journal.connectForReading()
                try position.readCursor(of: subscriber)
                let cursor = position.next - 1
                position.reclaiming = nil
                claim.locked { $0 = claimed }
                options.onClaim?(.claimedAgain(cursor: cursor))
                return isCancelled ? end() : .now
            } catch {
                claimed.release()
                throw error
            }
        } catch {
            position.reclaiming = min(rest * 2, .seconds(5))
            return isCancelled ? end() : .after(rest)
        }
    }

    /// Lets go of the commit watch and the claim, and tells `cancel()`.
    private func end() -> BackgroundWorker.Next {
        commitWatch?.cancel()
        claim.locked { $0.take() }?.release()
        finished.signal()
        return .stop
    }

    /// Stops from the follower's own thread, unless cancelled meanwhile; the
    /// cursor is saved by then, so the name is free before `onFailure` hears.
    private func stop(failing error: any Error) {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        commitWatch?.cancel()
        claim.locked { $0.take() }?.release()
        onCancel?()
        onFailure?(error)
    }

    /// Hands over everything from `position.next` up to the journal's head
    /// as read at the beginning, saving the cursor after each batch, and
    /// moves `position` on. Fixing the head first means rows skipped by a
    /// name filter can move a subscriber's cursor without ever stepping over
    /// a later commit. A durable subscriber whose cursor was reset meanwhile
    /// stops after its batch and goes on from the reset cursor at the next
    /// step.
    private func drain(_ position: Position, options: Options, sink: @Sendable (Notice) throws -> Void) throws {
        let connection = position.connection
        let head = try connection.lastSequence()
        if position.next > head + 1 { throw JournalError.rolledBack(handled: position.next - 1, last: head) }
        let delivery = retried(options)
        while position.next <= head {
            var query = options.query
            query.from = position.next
            query.through = min(head, options.query.through ?? head)
            query.limit = options.batchSize
            var count = 0
            var last: Int64?
            var parked: [ParkedNotice] = []
            do {
                try connection.read(query) { notice in
                    guard !isCancelled else { return false }
                    switch delivery.deliver(notice, to: sink) {
                    case .handled: break
                    case .exhausted(let error, let deliveries):
                        parked.append(
                            ParkedNotice(
                                subscriber: options.subscriber ?? "", sequence: notice.sequence ?? 0, error: error,
                                deliveries: deliveries, parkedAtMilliseconds: WallClock.nowMilliseconds()))
                    case .cancelled: return false
                    }
                    count += 1
                    last = notice.sequence
                    return true
                }
            } catch let error as JournalError {
                // What the sink handled before a malformed row stays handled.
                if error.code == .malformedRow, let last, let subscriber = options.subscriber {
                    try record(parked, on: connection, options: options)
                    _ = try position.saveCursor(last, of: subscriber)
                }
                throw error
            }
            // Parked before the cursor passes them, so that none is lost.
            try record(parked, on: connection, options: options)
            let handled = isCancelled ? last : (count < options.batchSize ? head : (last ?? head))
            guard let handled else { return }
            if let subscriber = options.subscriber, try !position.saveCursor(handled, of: subscriber) { return }
            position.next = handled + 1
            if isCancelled { return }
        }
    }
}

extension Duration {
    /// The duration in seconds, as Foundation's APIs want it.
    package var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// The duration in whole milliseconds, as the journal's times are kept.
    package var wholeMilliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
