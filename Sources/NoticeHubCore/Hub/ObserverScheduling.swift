public import Dispatch
public import Foundation

/// Where an observer's handler runs, as `NotificationCenter`'s `queue:`
/// says: on the posting thread (the default), or on a queue, after the post
/// returns. For a handler isolated to an actor or to the main actor, give
/// the actor instead (`observe(_:on:using:)`): a value cannot give a closure
/// its isolation.
///
/// ```swift
/// let token = hub.observe("page.saved", scheduling: .queue(indexing)) { notice in
///     index(notice)   // on the indexing queue, one notice at a time
/// }
/// ```
public struct ObserverScheduling: Sendable {
    enum Place: Sendable {
        case postingThread
        case queue(DispatchQueue)
        case operationQueue(SendableOperationQueue)
    }

    let place: Place

    /// Synchronously on the thread that posts, before the post returns
    /// (for notices a follower brings, its thread; for a replay, the
    /// replaying one).
    public static let postingThread = ObserverScheduling(place: .postingThread)

    /// On `queue`, after the post returns, one notice at a time even on a
    /// concurrent queue, in posting order.
    public static func queue(_ queue: DispatchQueue) -> ObserverScheduling {
        ObserverScheduling(place: .queue(queue))
    }

    /// On `queue`, as `NotificationCenter.addObserver(forName:object:queue:using:)`
    /// runs a block there, one notice at a time even on a concurrent queue,
    /// in posting order.
    public static func operationQueue(_ queue: OperationQueue) -> ObserverScheduling {
        ObserverScheduling(place: .operationQueue(SendableOperationQueue(queue: queue)))
    }
}

/// `OperationQueue` is thread-safe but not declared `Sendable` on every
/// platform.
struct SendableOperationQueue: @unchecked Sendable {
    let queue: OperationQueue
}
