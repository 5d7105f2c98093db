import Foundation
import Synchronization

/// The thread of ``HubJournal/applyRetention(every:onApplied:onFailure:)``: it
/// applies the journal's retention policy, rests, and applies it again until
/// cancelled. Cancelling ends a trim under way after its current batch and
/// returns once the thread has stopped applying; called from the thread
/// itself (an `onApplied` that cancels), it returns at once.
final class RetentionSchedule: CancellableRegistration {
    private let cancelled = Atomic<Bool>(false)
    /// Held while a step runs, so that ``cancel()`` waits it out.
    private let step = NSLock()
    /// The thread running a step, while one runs.
    private let stepping = Mutex<ObjectIdentifier?>(nil)
    private let worker = Mutex<BackgroundWorker?>(nil)

    init(hub: NoticeHub, every interval: Duration, apply: @escaping @Sendable (NoticeHub, () -> Bool) -> Void) throws {
        let started = BackgroundWorker(name: "NoticeHub retention") { [weak hub, self] in
            guard let hub, !isCancelled else { return .stop }
            step.lock()
            stepping.withLock { $0 = ObjectIdentifier(Thread.current) }
            defer {
                stepping.withLock { $0 = nil }
                step.unlock()
            }
            guard !isCancelled else { return .stop }
            apply(hub, { [self] in isCancelled })
            return .after(interval)
        }
        guard let started else { throw JournalError.storage("no thread could be started to apply retention") }
        worker.withLock { $0 = started }
    }

    var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    func cancel() {
        guard !cancelled.exchange(true, ordering: .acquiringAndReleasing) else { return }
        worker.withLock { $0?.stop() }
        guard stepping.withLock({ $0 }) != ObjectIdentifier(Thread.current) else { return }
        step.lock()
        step.unlock()
    }
}

extension HubJournal {
    /// Applies the journal's retention policy (``applyRetention(now:progress:)``)
    /// now and then every `interval`, on a thread of its own, until the
    /// returned subscription is cancelled or dropped: retention in the
    /// background of an app or a server (return it from
    /// `NoticeHubService`'s `start` to stop it with the server).
    ///
    /// `onApplied` hears each outcome, `onFailure` each error (a failed
    /// application is tried again at the next interval). Cancelling stops a
    /// trim under way after its current batch (the next trim finishes it)
    /// and returns once the thread has stopped applying. The hub is held
    /// weakly: the thread ends when it goes.
    ///
    /// ```swift
    /// try hub.journal.setRetentionPolicy(RetentionPolicy(maxAge: .seconds(90 * 86_400)))
    /// let retention = try hub.journal.applyRetention(every: .seconds(3_600))
    /// // later: retention.cancel()
    /// ```
    public func applyRetention(
        every interval: Duration, onApplied: (@Sendable (RetentionOutcome) -> Void)? = nil,
        onFailure: (@Sendable (any Error) -> Void)? = nil
    ) throws -> Subscription {
        guard backend != nil else { throw JournalError.noJournal }
        guard interval > .zero else { throw JournalError.trimRefused("the interval of retention must be positive") }
        let schedule = try RetentionSchedule(hub: hub, every: interval) { hub, stopped in
            do {
                let outcome = try hub.journal.applyRetention(now: nil, progress: nil, until: stopped)
                onApplied?(outcome)
            } catch {
                onFailure?(error)
            }
        }
        return Subscription(registration: schedule, issuer: identity)
    }
}
