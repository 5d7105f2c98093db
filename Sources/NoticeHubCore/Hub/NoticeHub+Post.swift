/// Every `post` throws ``NoticeHubError/patternNotPostable(_:)`` for a name
/// that is a pattern (``Identifier/isPattern``): a notice needs a literal name,
/// and ``NoticeHubError/invalidMetadata(key:reason:)`` for `metadata` that
/// breaks ``NoticeMetadata``'s rules. On a hub with a tracer, a journaled
/// notice also carries the poster's trace context in its metadata.
extension NoticeHub {
    /// Posts a notice without payload (its payload reads as `{}`).
    @discardableResult
    public func post(_ name: NoticeName, sender: Sender? = nil, metadata: NoticeMetadata = .empty) throws -> Notice {
        try postFresh(name, sender: sender, payload: .empty, metadata: metadata)
    }

    /// Posts a notice carrying `payload`.
    @discardableResult
    public func post<Payload: Encodable & Sendable>(
        _ name: NoticeName, sender: Sender? = nil, payload: Payload, metadata: NoticeMetadata = .empty
    ) throws -> Notice {
        try postFresh(name, sender: sender, payload: .encodable(payload), metadata: metadata)
    }

    /// Posts a typed message as the payload of a notice named `name`, with
    /// its type's ``NoticeMessage/version``.
    @discardableResult
    public func post<Message: NoticeMessage>(
        _ name: NoticeName, sender: Sender? = nil, payload: Message, metadata: NoticeMetadata = .empty
    ) throws -> Notice {
        try postFresh(
            name, sender: sender, payload: .encodable(payload),
            version: try Self.storedVersion(Message.version, of: name), metadata: metadata)
    }

    /// Posts a notice whose payload is JSON text, as tools and imports
    /// receive it; the text must be one JSON value (an object, an array, a
    /// string, a number, a Boolean or null), as any `Codable` payload encodes to.
    /// `version` is the payload's shape (``Notice/version``), as a typed
    /// message of that version would post it.
    @discardableResult
    public func post(
        _ name: NoticeName, sender: Sender? = nil, json: String, version: Int = 1, metadata: NoticeMetadata = .empty
    ) throws -> Notice {
        let payload = NoticePayload.json(try NoticePayload.canonicalJSON(json))
        return try postFresh(
            name, sender: sender, payload: payload, version: try Self.storedVersion(version, of: name),
            metadata: metadata)
    }

    /// Posts a typed message under its own name, with its type's
    /// ``NoticeMessage/version``.
    @discardableResult
    public func post<Message: NoticeMessage>(
        _ message: Message, sender: Sender? = nil, metadata: NoticeMetadata = .empty
    ) throws -> Notice {
        try postFresh(
            Message.name, sender: sender, payload: .encodable(message),
            version: try Self.storedVersion(Message.version, of: Message.name), metadata: metadata)
    }

    /// `version` as a notice keeps it, or the error for one out of range.
    @inline(__always)
    static func storedVersion(_ version: Int, of name: NoticeName) throws(NoticeHubError) -> Int32 {
        guard version >= 1, let stored = Int32(exactly: version) else {
            throw .invalidVersion(name: name, version: version)
        }
        return stored
    }

    /// Makes a new notice and posts it: one clock reading is both its
    /// posting time and the time its id starts with. A notice posted while
    /// another is delivered on this thread names it as its cause.
    @inline(__always)
    func postFresh(
        _ name: NoticeName, sender: Sender?, payload: NoticePayload, version: Int32 = 1,
        metadata: NoticeMetadata = .empty
    ) throws -> Notice {
        try refusePattern(name)
        // Nearly every post has neither metadata nor a tracer: one test each.
        let carried = metadata.isEmpty && tracing == nil ? metadata : try carried(metadata)
        let context = DeliveryContext.current
        let now = stamp()
        return try post(
            Notice(
                id: context.nextID(milliseconds: now), name: name, sender: sender,
                postedAtMilliseconds: now, payload: payload, links: context.causing, version: version,
                metadata: carried),
            in: context)
    }

    /// `metadata` with the current trace context in, when the hub has a
    /// tracer, checked: what is stored keeps the rules.
    @inline(never)
    private func carried(_ metadata: NoticeMetadata) throws(NoticeHubError) -> NoticeMetadata {
        let carried = tracing?.injecting(into: metadata) ?? metadata
        if let problem = carried.problem() { throw problem }
        return carried
    }

    /// Throws for a pattern, which no notice may carry: one compare of the
    /// name's stored fingerprint, so literal posts do not feel it.
    @inline(__always)
    func refusePattern(_ name: NoticeName) throws(NoticeHubError) {
        if name.isPattern { throw .patternNotPostable(name) }
    }

    /// The posting time: precise on a journaled hub, to the kernel tick
    /// (1-4 ms) on an in-memory one, where the precise clock would cost a
    /// fifth of the post.
    private func stamp() -> Int64 {
        writer == nil ? WallClock.coarseMilliseconds() : WallClock.nowMilliseconds()
    }

    /// Posts `notice` again as it is: its id, name, sender, payload, version,
    /// posting time and links are kept, and the journal numbers it anew.
    ///
    /// On a journaled hub, appends are idempotent by id: a notice the journal
    /// holds already is neither appended again nor delivered, and the returned notice carries
    /// the sequence number it is stored under. That makes this the way to
    /// retry a post whose outcome a lost server connection left unknown
    /// (``JournalError/outcomeUnknown(_:)``), and to copy notices between
    /// hubs. Observers receive it as they would a fresh post; a request or a
    /// reply is journaled without delivery, as observers never see those.
    /// During this hub's replay it does nothing, since the replayed journal
    /// already holds what follows.
    ///
    /// ```swift
    /// let first = try hub.post("invoice.sent")
    /// let again = try hub.post(first)
    /// // again.sequence == first.sequence: stored once
    /// ```
    @discardableResult
    public func post(_ notice: Notice) throws -> Notice {
        var fresh = notice
        fresh.isReplay = false
        return try post(fresh, in: .current)
    }

    /// `post(_:)` with this thread's context already looked up.
    func post(_ notice: consuming Notice, in context: DeliveryContext) throws -> Notice {
        if context.isReplaying(identity) { return notice }
        metrics?.posted()
        guard let writer else {
            deliver(notice, in: context)
            return notice
        }
        var journaled = notice
        switch try writer.append(JournalRecord(notice: journaled, payloadJSON: journaled.payloadJSON())) {
        case .appended(let sequence):
            journaled.sequence = sequence
            if journaled.kind == .notice { deliver(journaled, in: context) }
        case .duplicate(let sequence):
            journaled.sequence = sequence
        }
        return journaled
    }

    /// Journals a request or a reply, which observers never receive, and
    /// commits it at once whatever the hub's durability: another process
    /// waits on it.
    func journalWithoutDelivery(_ notice: Notice) throws -> Notice {
        guard let writer else { throw JournalError.noJournal }
        var journaled = notice
        journaled.sequence = try writer.append(JournalRecord(notice: notice, payloadJSON: notice.payloadJSON()))
            .sequence
        try writer.flush()
        return journaled
    }

    /// Calls every matching observer, in registration order, on this thread.
    ///
    /// An outermost post takes the list from this thread's ``TargetCache``
    /// when the registry has not changed since, and caches what it computes;
    /// a nested post (from a handler), or one on a thread whose posts keep
    /// missing the cache, asks the registry.
    func deliver(_ notice: Notice, in context: DeliveryContext = .current) {
        guard context.usesTargetCache() else {
            observers.targets(name: notice.name, sender: notice.sender).withUnsafeBufferPointer {
                deliver(notice, to: $0, in: context)
            }
            return
        }
        let changeCount = observers.changeCount
        let index = TargetCache.index(name: notice.name, sender: notice.sender)
        if let cached = context.cachedTargets(
            at: index, registry: observers.identity, changeCount: changeCount,
            name: notice.name, sender: notice.sender)
        {
            deliver(notice, to: cached, in: context)
            return
        }
        let entry = TargetCache.Entry(
            registry: observers.identity, changeCount: changeCount, name: notice.name,
            sender: notice.sender, targets: observers.targets(name: notice.name, sender: notice.sender))
        let buffer = entry.buffer
        let replaced = context.cacheTargets(entry, at: index)
        deliver(notice, to: buffer, in: context)
        // Released only now: freeing its registrations may run user code.
        withExtendedLifetime(replaced) {}
    }

    /// `deliver(_:in:)` for a run of notices (a replay): the handlers found for
    /// one notice are kept in `recent` and reused, without the registry's lock,
    /// while the next notices have the same name and sender and no observer
    /// has come or gone.
    func deliver(_ notice: Notice, in context: DeliveryContext, recent: inout RecentTargets?) {
        let changeCount = observers.changeCount
        if !(recent?.serves(notice, at: changeCount) ?? false) {
            recent = RecentTargets(
                name: notice.name, sender: notice.sender, changeCount: changeCount,
                targets: observers.targets(name: notice.name, sender: notice.sender))
        }
        recent!.targets.withUnsafeBufferPointer { deliver(notice, to: $0, in: context) }
    }

    private func deliver(
        _ notice: Notice, to registrations: UnsafeBufferPointer<Registration>,
        in context: DeliveryContext
    ) {
        guard !registrations.isEmpty else { return }
        metrics?.delivered(registrations.count)
        // What the handlers post names this notice as its cause. Handlers
        // do not throw, so the links are put back without a `defer`.
        let saved = context.swapCausing(.caused(by: notice))
        context.delivering {
            // The array keeps every registration alive: no retain per call.
            for index in registrations.indices {
                Unmanaged.passUnretained(registrations[index]).withBorrowedInstance { registration in
                    _ = registration.invoke(as: ObserverHandler.self, in: context) { $0(notice) }
                }
            }
        }
        context.swapCausing(saved)
    }
}

/// The observers found for one name and sender, and the registry's change
/// count when they were: see ``NoticeHub/deliver(_:in:recent:)``.
struct RecentTargets {
    let name: NoticeName
    let sender: Sender?
    let changeCount: UInt64
    let targets: Registry.Targets

    func serves(_ notice: Notice, at changeCount: UInt64) -> Bool {
        self.changeCount == changeCount && name == notice.name && sender == notice.sender
    }
}
