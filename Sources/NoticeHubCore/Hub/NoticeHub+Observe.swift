/// Observing: one family, like `NotificationCenter.addObserver(forName:object:queue:using:)`.
///
/// Every `observe` takes the name to observe (nil for every name, a pattern
/// such as `news.*` for a family) or a message type, a sender filter, and a
/// colleague whose own posts are left out; where the handler runs is the
/// rest:
/// - `scheduling:` the posting thread (the default), a `DispatchQueue` or an
///   `OperationQueue` (``ObserverScheduling``);
/// - `on:` an actor, or the main actor, whose isolation the handler has;
/// - an `async` handler, which handles one notice at a time on a task of
///   its own: it decodes a typed message there, and what it posts is an
///   ordinary post, even while a replay delivers.
///
/// A handler on an actor, the main actor or a queue runs after the post
/// returns, and:
/// - per observer, and across the observers of one isolation or queue,
///   notices arrive in posting order (for replays, in journal order);
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
/// With an `owner`, the subscription also ends when the owner is
/// deallocated, and dropping the token does not cancel it: a colleague
/// observes for as long as it lives without keeping the token. The handler
/// must hold the owner weakly: captured strongly, it keeps the owner, and
/// with it the subscription, alive.
///
/// See <doc:WhereColleaguesRun>.
extension NoticeHub {
    /// Observes notices by name.
    ///
    /// ```swift
    /// let token = hub.observe("greeting", sender: "Athos") { notice in
    ///     print("\(notice.sender!) says hello")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: the name to observe, or nil for every name.
    ///   - sender: only notices from this sender, or nil for any sender.
    ///   - colleague: notices posted by this sender are not delivered here, so
    ///     a colleague does not hear its own posts.
    ///   - scheduling: where `handler` runs: by default synchronously on the
    ///     posting thread (for notices that ``HubJournal/follow(pollInterval:onFailure:)``
    ///     brings from other processes, on the follower's thread; for a
    ///     replay, on the thread replaying), or on a queue.
    ///   - owner: when given, the subscription ends when it is deallocated.
    ///   - handler: called with each notice.
    /// - Returns: a token; cancel it, or drop it (without an `owner`), to stop observing.
    public func observe(
        _ name: NoticeName?,
        sender: Sender? = nil,
        excludingPostsBy colleague: Sender? = nil,
        scheduling: ObserverScheduling = .postingThread,
        owner: AnyObject? = nil,
        using handler: @escaping @Sendable (Notice) -> Void
    ) -> Subscription {
        let owner = owner.map(OwnerReference.init)
        if let lane = lane(for: scheduling) {
            let identity = identity
            return observeIsolated(name, sender, colleague, owner: owner, lane: lane, item: { $0 }) { notice in
                Isolation.delivering(notice, of: identity) { handler(notice) }
            }
        }
        let registration = observers.add(
            name: name, sender: sender, excludedSender: colleague, owner: owner, handler: handler)
        return Subscription(registration: registration, issuer: identity, cancelsOnDeinit: owner == nil)
    }

    /// Observes a typed message; the handler gets the decoded message.
    ///
    /// ```swift
    /// let subscription = hub.observe(Liked.self) { liked, notice in
    ///     print("\(liked.user) likes \(liked.newsID)")
    /// }
    /// ```
    ///
    /// A notice under the message's name whose payload does not decode as
    /// `Message` is not delivered here. It is reported as an
    /// ``UndecodableNotice``: to the handler ``onUndecodable(_:)`` sets
    /// (by default, one line on standard error), or, when a replay delivers
    /// it, to the replay, which throws ``UndecodableNotices`` at its end.
    /// A ``MainActorNoticeMessage`` is delivered on the main actor, whatever
    /// the `scheduling`.
    ///
    /// The parameters are those of ``observe(_:sender:excludingPostsBy:scheduling:owner:using:)-(NoticeName?,_,_,_,_,_)``.
    @_disfavoredOverload
    public func observe<Message: NoticeMessage>(
        _ type: Message.Type,
        sender: Sender? = nil,
        excludingPostsBy colleague: Sender? = nil,
        scheduling: ObserverScheduling = .postingThread,
        owner: AnyObject? = nil,
        using handler: @escaping @Sendable (Message, Notice) -> Void
    ) -> Subscription {
        if Message.self is any MainActorNoticeMessage.Type {
            return observe(type, sender: sender, excludingPostsBy: colleague, on: MainActor.self, owner: owner) {
                handler($0, $1)
            }
        }
        let identity = identity
        if let lane = lane(for: scheduling) {
            return observeIsolated(
                Message.name, sender, colleague, owner: owner.map(OwnerReference.init), lane: lane,
                item: typed(Message.self)
            ) { message, notice in
                Isolation.delivering(notice, of: identity) { handler(message, notice) }
            }
        }
        let reports = undecodableReports
        return observe(Message.name, sender: sender, excludingPostsBy: colleague, owner: owner) { notice in
            guard let message = reports.decode(notice, as: Message.self, hub: identity) else { return }
            handler(message, notice)
        }
    }

    /// Observes notices on `actor`: the handler is isolated to it. To run on
    /// a serial executor of your own, give an actor whose `unownedExecutor`
    /// is that executor.
    ///
    /// ```swift
    /// actor Tally { var count = 0 }
    /// let tally = Tally()
    /// let counting = hub.observe("news.liked", on: tally) { tally, notice in
    ///     tally.count += 1
    /// }
    /// ```
    public func observe<A: Actor>(
        _ name: NoticeName?,
        sender: Sender? = nil,
        excludingPostsBy colleague: Sender? = nil,
        on actor: A,
        owner: AnyObject? = nil,
        using handler: @escaping @Sendable (isolated A, Notice) -> Void
    ) -> Subscription {
        let identity = identity
        return observeIsolated(
            name, sender, colleague, owner: owner.map(OwnerReference.init),
            lane: IsolationLanes.lane(for: actor, schedule: Isolation.actor(actor)), item: { $0 }
        ) { notice in
            actor.assumeIsolated { actor in Isolation.delivering(notice, of: identity) { handler(actor, notice) } }
        }
    }

    /// Observes a typed message on `actor`.
    ///
    /// ```swift
    /// actor Likes { var users: [String] = [] }
    /// let likes = Likes()
    /// let following = hub.observe(Liked.self, on: likes) { likes, liked, notice in
    ///     likes.users.append(liked.user)
    /// }
    /// ```
    public func observe<Message: NoticeMessage, A: Actor>(
        _ type: Message.Type,
        sender: Sender? = nil,
        excludingPostsBy colleague: Sender? = nil,
        on actor: A,
        owner: AnyObject? = nil,
        using handler: @escaping @Sendable (isolated A, Message, Notice) -> Void
    ) -> Subscription {
        let identity = identity
        return observeIsolated(
            Message.name, sender, colleague, owner: owner.map(OwnerReference.init),
            lane: IsolationLanes.lane(for: actor, schedule: Isolation.actor(actor)), item: typed(Message.self)
        ) { message, notice in
            actor.assumeIsolated { actor in
                Isolation.delivering(notice, of: identity) { handler(actor, message, notice) }
            }
        }
    }

    /// Observes notices on the main actor: the handler is `@MainActor`.
    ///
    /// ```swift
    /// let onScreen = hub.observe("greeting", on: MainActor.self) { notice in
    ///     greeter.greeted.append(notice.sender!.rawValue)  // on the main actor
    /// }
    /// ```
    public func observe(
        _ name: NoticeName?,
        sender: Sender? = nil,
        excludingPostsBy colleague: Sender? = nil,
        on mainActor: MainActor.Type,
        owner: AnyObject? = nil,
        using handler: @escaping @MainActor @Sendable (Notice) -> Void
    ) -> Subscription {
        let identity = identity
        return observeIsolated(
            name, sender, colleague, owner: owner.map(OwnerReference.init), lane: IsolationLanes.mainActor,
            item: { $0 }
        ) { notice in
            MainActor.assumeIsolated { Isolation.delivering(notice, of: identity) { handler(notice) } }
        }
    }

    /// Observes a typed message on the main actor. With an `owner`, such as
    /// an `@Observable` model that views read, the model follows the message
    /// for as long as it lives:
    ///
    /// ```swift
    /// @MainActor @Observable final class Likes {
    ///     var count = 0
    ///     init(hub: NoticeHub) {
    ///         _ = hub.observe(Liked.self, on: MainActor.self, owner: self) { [weak self] liked, notice in
    ///             self?.count += 1
    ///         }
    ///     }
    /// }
    /// ```
    public func observe<Message: NoticeMessage>(
        _ type: Message.Type,
        sender: Sender? = nil,
        excludingPostsBy colleague: Sender? = nil,
        on mainActor: MainActor.Type,
        owner: AnyObject? = nil,
        using handler: @escaping @MainActor @Sendable (Message, Notice) -> Void
    ) -> Subscription {
        let identity = identity
        return observeIsolated(
            Message.name, sender, colleague, owner: owner.map(OwnerReference.init), lane: IsolationLanes.mainActor,
            item: typed(Message.self)
        ) { message, notice in
            MainActor.assumeIsolated { Isolation.delivering(notice, of: identity) { handler(message, notice) } }
        }
    }

    /// Observes notices with an asynchronous handler, which handles one
    /// notice at a time, in posting order, on a task of its own.
    ///
    /// Notices wait for the handler in a buffer that works as an async
    /// sequence's (``NoticeStream``): `buffering` says what happens when it is
    /// full, and ``Subscription/droppedCount`` counts what it dropped. The
    /// subscription starts before this returns, so every notice posted after
    /// it is handled (or counted as dropped). Cancelling the subscription
    /// cancels the handler's task: a handler that is running sees
    /// `Task.isCancelled`, and no later notice is handled. Closing or
    /// releasing the hub ends the task once the buffer is handled.
    ///
    /// ```swift
    /// let indexer = hub.observe("page.saved") { notice async in
    ///     await search.index(notice)
    /// }
    /// ```
    public func observe(
        _ name: NoticeName?,
        sender: Sender? = nil,
        buffering: NoticeStream.Buffering = .unbounded,
        using handler: @escaping @Sendable (Notice) async -> Void
    ) -> Subscription {
        let drops = DropCounter()
        let channel = NoticeChannel(buffering: buffering, drops: drops)
        let backlog = AsyncObserverBacklog(pendingDeliveries)
        let subscription = observe(name, sender: sender) { notice in
            backlog.handingOver()
            backlog.finished(channel.send(notice))
        }
        let connection = NoticeStream.Connection(channel: channel, subscription: subscription, streams: streams)
        streams.add(channel)
        let task = Task {
            var notices = NoticeStream.Iterator(connection: connection)
            // A batch taken before the cancel is not handled after it.
            while let notice = await notices.next(), !Task.isCancelled {
                await handler(notice)
                backlog.finished(1)
            }
            backlog.end()
        }
        return Subscription(
            registration: AsyncObserverRegistration(task: task, connection: connection, drops: drops), issuer: identity)
    }

    /// Observes a typed message with an asynchronous handler; see
    /// ``observe(_:sender:buffering:using:)-(NoticeName?,_,_,_)``. The handler's
    /// task decodes each notice: one that does not decode is reported to the
    /// handler ``onUndecodable(_:)`` sets, from that task, even during a
    /// replay.
    ///
    /// ```swift
    /// let thanking = hub.observe(Liked.self) { liked, notice async in
    ///     await mailer.thank(liked.user)
    /// }
    /// ```
    @_disfavoredOverload
    public func observe<Message: NoticeMessage>(
        _ type: Message.Type,
        sender: Sender? = nil,
        buffering: NoticeStream.Buffering = .unbounded,
        using handler: @escaping @Sendable (Message, Notice) async -> Void
    ) -> Subscription {
        let reports = undecodableReports
        let identity = identity
        return observe(Message.name, sender: sender, buffering: buffering) { notice in
            guard let message = reports.decode(notice, as: Message.self, hub: identity) else { return }
            await handler(message, notice)
        }
    }
}
