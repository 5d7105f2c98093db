public import Dispatch
public import Foundation

/// Observers that run where their colleague lives: on the main actor, on an
/// actor, or on a queue, like `NotificationCenter.addObserver(forName:object:queue:using:)`.
///
/// Such a handler runs after the post returns, on its isolation, and the
/// guarantees are:
/// - per observer, and across the observers of one isolation, notices
///   arrive in posting order (for replays, in journal order);
/// - once ``Subscription/cancel()`` returns on the observer's isolation, the
///   handler never runs again; cancelled elsewhere, at most the notice being
///   handed over still arrives;
/// - a notice posted before `observe` returns is never delivered;
/// - a typed observer decodes on the posting thread, so a notice it cannot
///   decode is reported as a synchronous observer's is (and to a replay);
/// - what a handler posts names the notice it handles as its cause, and
///   during a replay's delivery is not posted, as a synchronous observer's
///   posts are not.
///
/// See <doc:WhereColleaguesRun>.
extension NoticeHub {
    /// Observes notices on the main actor: the handler is `@MainActor`.
    ///
    /// ```swift
    /// let token = hub.observe("news.liked", on: MainActor.self) { notice in
    ///     screen.title = "\(notice.name)"   // on the main actor
    /// }
    /// ```
    public func observe(
        _ name: NoticeName?,
        sender: Sender? = nil,
        excludingPostsBy colleague: Sender? = nil,
        on mainActor: MainActor.Type,
        using handler: @escaping @MainActor @Sendable (Notice) -> Void
    ) -> Subscription {
        let identity = identity
        return observeIsolated(name, sender, colleague, lane: IsolationLanes.mainActor, item: { $0 }) { notice in
            MainActor.assumeIsolated { Isolation.delivering(notice, of: identity) { handler(notice) } }
        }
    }

    /// Observes a typed message on the main actor.
    public func observe<Message: NoticeMessage>(
        _ type: Message.Type,
        sender: Sender? = nil,
        excludingPostsBy colleague: Sender? = nil,
        on mainActor: MainActor.Type,
        using handler: @escaping @MainActor @Sendable (Message, Notice) -> Void
    ) -> Subscription {
        let identity = identity
        return observeIsolated(
            Message.name, sender, colleague, lane: IsolationLanes.mainActor, item: typed(Message.self)
        ) { message, notice in
            MainActor.assumeIsolated { Isolation.delivering(notice, of: identity) { handler(message, notice) } }
        }
    }

    /// Observes a message whose type declares that it is handled on the main
    /// actor (``MainActorNoticeMessage``): the handler is `@MainActor`.
    public func observe<Message: MainActorNoticeMessage>(
        _ type: Message.Type,
        sender: Sender? = nil,
        excludingPostsBy colleague: Sender? = nil,
        using handler: @escaping @MainActor @Sendable (Message, Notice) -> Void
    ) -> Subscription {
        observe(type, sender: sender, excludingPostsBy: colleague, on: MainActor.self, using: handler)
    }

    /// Keeps `model` (say, an `@Observable` class that views read) following
    /// a typed message on the main actor, for as long as the model lives:
    /// the subscription ends when it is deallocated, and the handler gets
    /// it, so it need not capture it. Dropping the token does not cancel.
    ///
    /// ```swift
    /// @MainActor @Observable final class Likes {
    ///     var count = 0
    ///     init(hub: NoticeHub) {
    ///         hub.observe(Liked.self, updating: self) { likes, liked, notice in likes.count += 1 }
    ///     }
    /// }
    /// ```
    @discardableResult
    public func observe<Message: NoticeMessage, Model: AnyObject & Sendable>(
        _ type: Message.Type,
        sender: Sender? = nil,
        updating model: Model,
        using handler: @escaping @MainActor @Sendable (Model, Message, Notice) -> Void
    ) -> Subscription {
        let identity = identity
        let reference = OwnerReference(model)
        return observeIsolated(
            Message.name, sender, nil, owner: reference, lane: IsolationLanes.mainActor, item: typed(Message.self)
        ) { message, notice in
            guard let model = reference.object as? Model else { return }
            MainActor.assumeIsolated { Isolation.delivering(notice, of: identity) { handler(model, message, notice) } }
        }
    }

    /// Observes notices on `actor`: the handler is isolated to it.
    ///
    /// ```swift
    /// actor Tally { var count = 0 }
    /// let tally = Tally()
    /// let token = hub.observe("news.liked", on: tally) { tally, notice in
    ///     tally.count += 1
    /// }
    /// ```
    ///
    /// To run on a serial executor of your own, give an actor whose
    /// `unownedExecutor` is that executor.
    public func observe<A: Actor>(
        _ name: NoticeName?,
        sender: Sender? = nil,
        excludingPostsBy colleague: Sender? = nil,
        on actor: A,
        using handler: @escaping @Sendable (isolated A, Notice) -> Void
    ) -> Subscription {
        let identity = identity
        return observeIsolated(
            name, sender, colleague, lane: IsolationLanes.lane(for: actor, schedule: Isolation.actor(actor)),
            item: { $0 }
        ) { notice in
            actor.assumeIsolated { actor in Isolation.delivering(notice, of: identity) { handler(actor, notice) } }
        }
    }

    /// Observes a typed message on `actor`.
    public func observe<Message: NoticeMessage, A: Actor>(
        _ type: Message.Type,
        sender: Sender? = nil,
        excludingPostsBy colleague: Sender? = nil,
        on actor: A,
        using handler: @escaping @Sendable (isolated A, Message, Notice) -> Void
    ) -> Subscription {
        let identity = identity
        return observeIsolated(
            Message.name, sender, colleague, lane: IsolationLanes.lane(for: actor, schedule: Isolation.actor(actor)),
            item: typed(Message.self)
        ) { message, notice in
            actor.assumeIsolated { actor in
                Isolation.delivering(notice, of: identity) { handler(actor, message, notice) }
            }
        }
    }

    /// Observes notices on a dispatch queue, one at a time even on a
    /// concurrent one.
    public func observe(
        _ name: NoticeName?,
        sender: Sender? = nil,
        excludingPostsBy colleague: Sender? = nil,
        queue: DispatchQueue,
        using handler: @escaping @Sendable (Notice) -> Void
    ) -> Subscription {
        let identity = identity
        return observeIsolated(
            name, sender, colleague, lane: IsolationLanes.lane(for: queue, schedule: Isolation.queue(queue)),
            item: { $0 }
        ) { notice in
            Isolation.delivering(notice, of: identity) { handler(notice) }
        }
    }

    /// Observes notices on an operation queue, as
    /// `NotificationCenter.addObserver(forName:object:queue:using:)` does,
    /// one at a time even on a concurrent queue.
    public func observe(
        _ name: NoticeName?,
        sender: Sender? = nil,
        excludingPostsBy colleague: Sender? = nil,
        queue: OperationQueue,
        using handler: @escaping @Sendable (Notice) -> Void
    ) -> Subscription {
        let identity = identity
        return observeIsolated(
            name, sender, colleague, lane: IsolationLanes.lane(for: queue, schedule: Isolation.queue(queue)),
            item: { $0 }
        ) { notice in
            Isolation.delivering(notice, of: identity) { handler(notice) }
        }
    }

    /// Registers a synchronous observer that turns each notice into an item
    /// (nil: none) and puts its delivery in the isolation's lane. With an
    /// `owner`, the observer ends with it, and the token does not cancel when
    /// dropped.
    private func observeIsolated<Item: Sendable>(
        _ name: NoticeName?, _ sender: Sender?, _ colleague: Sender?, owner: OwnerReference? = nil,
        lane: IsolationLane,
        item: @escaping @Sendable (Notice) -> Item?,
        deliver: @escaping @Sendable (Item) -> Void
    ) -> Subscription {
        let cancelled = CancelFlag()
        let pending = pendingDeliveries
        let handler: ObserverHandler = { notice in
            guard let item = item(notice) else { return }
            pending.add()
            lane.enqueue {
                if !cancelled.isSet { deliver(item) }
                pending.remove()
            }
        }
        let registration = observers.add(
            name: name, sender: sender, excludedSender: colleague, owner: owner, handler: handler)
        return Subscription(
            registration: IsolatedRegistration(registration, cancelled), issuer: identity,
            cancelsOnDeinit: owner == nil)
    }

    /// Decodes a notice as `Message` on the posting thread, reporting one
    /// that does not decode.
    private func typed<Message: NoticeMessage>(_ type: Message.Type) -> @Sendable (Notice) -> (Message, Notice)? {
        let reports = undecodableReports
        let identity = identity
        return { notice in reports.decode(notice, as: Message.self, hub: identity).map { ($0, notice) } }
    }
}

/// A typed message whose observers run on the main actor, like Foundation's
/// `NotificationCenter.MainActorMessage`: `hub.observe(Message.self) { … }`
/// takes a `@MainActor` handler and calls it there.
///
/// ```swift
/// struct Refreshed: MainActorNoticeMessage {
///     static let name: NoticeName = "feed.refreshed"
///     var count: Int
/// }
/// ```
public protocol MainActorNoticeMessage: NoticeMessage {}
