extension NoticeHub {
    /// Observes notices, like `NotificationCenter.addObserver(forName:object:queue:using:)`.
    ///
    /// - Parameters:
    ///   - name: the name to observe, or nil for every name.
    ///   - sender: only notices from this sender, or nil for any sender.
    ///   - colleague: notices posted by this sender are not delivered here, so
    ///     a colleague does not hear its own posts.
    ///   - handler: called synchronously on the posting thread; for notices
    ///     that ``follow(pollInterval:onFailure:)`` brings from other processes, on the
    ///     follower's thread, and for a replay, on the thread replaying.
    /// - Returns: a token; cancel it, or drop it, to stop observing.
    public func observe(
        _ name: NoticeName?,
        sender: Sender? = nil,
        excludingPostsBy colleague: Sender? = nil,
        using handler: @escaping @Sendable (Notice) -> Void
    ) -> Subscription {
        let registration = observers.add(
            name: name, sender: sender, excludedSender: colleague, owner: nil, handler: handler)
        return Subscription(registration: registration, issuer: identity)
    }

    /// Observes a typed message; the handler gets the decoded message.
    ///
    /// A notice under the message's name whose payload does not decode as
    /// `Message` is not delivered here. It is reported as an
    /// ``UndecodableNotice``: to the handler ``onUndecodable(_:)`` sets
    /// (by default, one line on standard error), or, when a replay delivers
    /// it, to the replay, which throws ``UndecodableNotices`` at its end.
    ///
    /// For a ``MainActorNoticeMessage``, the overload that takes a
    /// `@MainActor` handler is chosen; called through generic code, this one
    /// delivers on the main actor too.
    @_disfavoredOverload
    public func observe<Message: NoticeMessage>(
        _ type: Message.Type,
        sender: Sender? = nil,
        excludingPostsBy colleague: Sender? = nil,
        using handler: @escaping @Sendable (Message, Notice) -> Void
    ) -> Subscription {
        if Message.self is any MainActorNoticeMessage.Type {
            return observe(type, sender: sender, excludingPostsBy: colleague, on: MainActor.self, using: handler)
        }
        let reports = undecodableReports
        let identity = identity
        return observe(Message.name, sender: sender, excludingPostsBy: colleague) { notice in
            guard let message = reports.decode(notice, as: Message.self, hub: identity) else { return }
            handler(message, notice)
        }
    }

    /// Sets what happens to a notice that a typed observer or a typed stream
    /// of this hub cannot decode, live or brought by a follower or a durable
    /// subscriber: `handler` gets it, on the thread that delivered it. By
    /// default each is written as one line to standard error. A replay
    /// collects those it delivers instead (see
    /// ``replay(from:through:names:into:onUndecodable:)``).
    ///
    /// ```swift
    /// hub.onUndecodable { undecodable in
    ///     problems.append("\(undecodable)")   // notice #12 (news.liked version 1 from feed) is not a NewsLiked: …
    /// }
    /// ```
    public func onUndecodable(_ handler: @escaping @Sendable (UndecodableNotice) -> Void) {
        undecodableReports.setHandler(handler)
    }

    /// Observes for as long as `owner` lives: the subscription ends when the
    /// owner is deallocated, and the handler receives the owner, so it need not
    /// capture it. The returned token may be ignored: dropping it does not
    /// cancel, but ``Subscription/cancel()`` still does.
    @discardableResult
    public func observe<Owner: AnyObject & Sendable>(
        _ name: NoticeName?,
        sender: Sender? = nil,
        excludingPostsBy colleague: Sender? = nil,
        owner: Owner,
        using handler: @escaping @Sendable (Owner, Notice) -> Void
    ) -> Subscription {
        let reference = OwnerReference(owner)
        let ownersHandler: ObserverHandler = { [reference] notice in
            guard let owner = reference.object as? Owner else { return }
            handler(owner, notice)
        }
        let registration = observers.add(
            name: name, sender: sender, excludedSender: colleague, owner: reference, handler: ownersHandler)
        return Subscription(registration: registration, issuer: identity, cancelsOnDeinit: false)
    }
}
