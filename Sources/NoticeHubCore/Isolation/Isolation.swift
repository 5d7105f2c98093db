import Dispatch
import Foundation

/// Where an isolated observer's handler runs: how a drain of its lane
/// (``IsolationLane``) is scheduled there.
enum Isolation {
    /// The main actor, through the main dispatch queue, its executor on every
    /// platform this library supports.
    static let mainActor: @Sendable (@escaping @Sendable () -> Void) -> Void = { drain in
        DispatchQueue.main.async(execute: drain)
    }

    /// `actor`'s executor.
    static func actor<A: Actor>(_ actor: A) -> @Sendable (@escaping @Sendable () -> Void) -> Void {
        { drain in Task { await run(on: actor, drain) } }
    }

    /// A dispatch queue.
    static func queue(_ queue: DispatchQueue) -> @Sendable (@escaping @Sendable () -> Void) -> Void {
        { drain in queue.async(execute: drain) }
    }

    /// An operation queue, serial or not: a lane has one drain at a time.
    static func queue(_ queue: SendableOperationQueue) -> @Sendable (@escaping @Sendable () -> Void) -> Void {
        { drain in queue.queue.addOperation(drain) }
    }

    private static func run<A: Actor>(on actor: isolated A, _ body: @Sendable () -> Void) {
        body()
    }

    /// Runs `body`, a handler's call for `notice`, as a synchronous
    /// observer's call runs: what it posts names `notice` as its cause, and
    /// for a replayed notice, what it posts to `hub` is dropped, since the
    /// replayed journal already holds what followed.
    static func delivering(_ notice: Notice, of hub: ObjectIdentifier, _ body: () -> Void) {
        let context = DeliveryContext.current
        if notice.isReplay {
            context.replaying(hub) { context.causing(.caused(by: notice), body) }
        } else {
            context.causing(.caused(by: notice), body)
        }
    }
}
