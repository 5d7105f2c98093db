import Synchronization
import Tracing

extension NoticeHub {
    /// Asks every live responder of `name` in any process on this hub's
    /// journal (on PostgreSQL, any host), except `requester`, and gathers
    /// their replies until all have answered, `maxReplies` have arrived, or
    /// `timeout` passes: the contract of
    /// ``collect(_:payload:from:as:timeout:maxReplies:)``, across processes.
    ///
    /// The responders asked are those whose claims
    /// (``respondAcrossProcesses(to:as:onAnswer:using:)``) are alive when the request
    /// goes out. With none it returns at once with
    /// ``ReplyCollection/StopReason/noResponders``, journaling nothing.
    /// Otherwise the request is journaled as a ``NoticeKind/request`` that
    /// starts a conversation (or joins the one of `cause`), and each reply
    /// names it as its ``Notice/cause``. A responder that dies before
    /// answering stops being waited for within about 100 ms of its claim's
    /// end, after the grace below (its claim ends at once when its process
    /// dies; on PostgreSQL, a host that vanishes loses its session within
    /// about 11 s); a failed
    /// answer is a failed ``Reply`` (``NoticeHubError/responderFailed(responder:reason:)``),
    /// and counts towards `maxReplies`.
    ///
    /// Replies are listed in the order they arrived; `onReply`, when given,
    /// hears each reply notice as it arrives, on a thread of the journal's.
    /// A reply names the claim of the responder that sent it, so each claim
    /// asked is waited for once: replicas that share a sender are each
    /// counted. A claim found gone is waited for during the journal's
    /// ``RenewingClaimsJournal/claimRenewalGrace`` (5 s on PostgreSQL, where a cut
    /// session's responder claims again under the same key), then counted as
    /// a responder that died.
    ///
    /// On a hub with a tracer, the request is a span (a client's, child of
    /// the caller's context) whose context the request notice carries, and
    /// each responder's answer is a child span of it.
    ///
    /// ```swift
    /// let forecast = try await hub.collectAcrossProcesses(
    ///     "weather.now", payload: City(name: "Lyon"), from: "phone",
    ///     as: Weather.self, timeout: .seconds(2))
    /// print(forecast.values, forecast.stopReason)
    /// ```
    ///
    /// A responder on a pattern (`weather.*`) is asked by every request whose
    /// name it matches; a request's own name must be literal, or it throws
    /// ``NoticeHubError/patternNotPostable(_:)``. Throws
    /// ``JournalError/noJournal`` for an in-memory hub,
    /// ``JournalError/closed`` once the hub is closed (also for a request
    /// still waiting then), or what the journal throws when it cannot be read
    /// or written.
    public func collectAcrossProcesses<Value: Decodable & Sendable>(
        _ name: NoticeName,
        payload: some Encodable & Sendable,
        from requester: Sender,
        as type: Value.Type = Value.self,
        timeout: Duration,
        maxReplies: Int = .max,
        causedBy cause: Notice? = nil,
        onReply: (@Sendable (Notice) -> Void)? = nil
    ) async throws -> ReplyCollection<Value> {
        // A typed message keeps its version, as a typed post does.
        let version = (Swift.type(of: payload) as? any NoticeMessage.Type)?.version ?? 1
        return try await collectAcrossProcesses(
            name, .encodable(payload), requester, version: try Self.storedVersion(version, of: name),
            timeout: timeout, maxReplies: maxReplies, cause: cause, onReply: onReply)
    }

    /// ``collectAcrossProcesses(_:payload:from:as:timeout:maxReplies:causedBy:onReply:)``
    /// with a payload given as JSON text, as tools receive it.
    package func collectAcrossProcesses<Value: Decodable & Sendable>(
        _ name: NoticeName,
        jsonPayload json: String,
        from requester: Sender,
        as type: Value.Type = Value.self,
        timeout: Duration,
        maxReplies: Int = .max,
        causedBy cause: Notice? = nil,
        onReply: (@Sendable (Notice) -> Void)? = nil
    ) async throws -> ReplyCollection<Value> {
        try await collectAcrossProcesses(
            name, .json(try NoticePayload.canonicalJSON(json)), requester, timeout: timeout,
            maxReplies: maxReplies, cause: cause, onReply: onReply)
    }

    /// The request as a span when the hub has a tracer.
    private func collectAcrossProcesses<Value: Decodable & Sendable>(
        _ name: NoticeName, _ payload: NoticePayload, _ requester: Sender, version: Int32 = 1, timeout: Duration,
        maxReplies: Int, cause: Notice?, onReply: (@Sendable (Notice) -> Void)?
    ) async throws -> ReplyCollection<Value> {
        guard let tracing else {
            return try await collect(
                name, payload, requester, version: version, metadata: .empty, timeout: timeout,
                maxReplies: maxReplies, cause: cause, onReply: onReply)
        }
        let span = tracing.tracer.startSpan(
            "request \(name)", context: ServiceContext.current ?? .topLevel, ofKind: .client)
        defer { span.end() }
        do {
            let collection: ReplyCollection<Value> = try await collect(
                name, payload, requester, version: version, metadata: tracing.injecting(span.context, into: .empty),
                timeout: timeout, maxReplies: maxReplies, cause: cause, onReply: onReply)
            span.attributes["noticehub.request.asked"] = collection.asked
            span.attributes["noticehub.request.replies"] = collection.replies.count
            span.attributes["noticehub.request.stop_reason"] = "\(collection.stopReason)"
            return collection
        } catch {
            span.recordError(error)
            throw error
        }
    }

    /// The request: the journal's calls (which block on its disk or its
    /// server) on threads of their own, the wait for replies on the task.
    private func collect<Value: Decodable & Sendable>(
        _ name: NoticeName, _ payload: NoticePayload, _ requester: Sender, version: Int32, metadata: NoticeMetadata,
        timeout: Duration, maxReplies: Int, cause: Notice?, onReply: (@Sendable (Notice) -> Void)?
    ) async throws -> ReplyCollection<Value> {
        if name.isPattern { throw NoticeHubError.patternNotPostable(name) }
        let journal = try requireJournal().requireResponderClaims()
        guard writer != nil else { throw JournalError.noJournal }
        let asked = try await BlockingCall.run { [self] in
            let live = try journal.liveResponders()
            metrics?.respondersLive(live.count)
            return AskedResponders(
                live.filter { $0.responder != requester && $0.name.matches(name) },
                grace: (journal as? any RenewingClaimsJournal)?.claimRenewalGrace ?? .zero)
        }
        guard asked.count > 0, maxReplies > 0 else {
            return counted(
                ReplyCollection(
                    replies: [], stopReason: asked.count == 0 ? .noResponders : .maxRepliesReached,
                    asked: asked.count))
        }
        guard !Task.isCancelled else {
            return counted(ReplyCollection(replies: [], stopReason: .cancelled, asked: asked.count))
        }
        let collector = ReplyCollector<Value, AskedResponders>(accounting: asked, maxReplies: maxReplies)
        let id = NoticeID.next()
        let (inbox, request, liveness) = try await BlockingCall.run { [self] in
            let inbox = try replyInbox(on: journal)
            let links = cause.map(NoticeLinks.caused(by:)) ?? NoticeLinks(conversation: id, cause: nil)
            // Replies count in the order they arrive.
            let arrivals = Atomic<Int>(0)
            let deliver: @Sendable (Notice) -> Void = { notice in
                guard let responder = notice.sender else { return }
                let claim = notice.metadata[NoticeMetadata.responderClaimKey].flatMap { Int64($0) }
                collector.record(
                    Self.reply(notice), order: arrivals.add(1, ordering: .relaxed).newValue,
                    from: .init(responder: responder, claim: claim),
                    notify: onReply.map { onReply in { onReply(notice) } })
            }
            // Expected before the request exists, so that no reply can come first.
            try inbox.expect(repliesTo: id, .init(deliver: deliver, fail: collector.fail))
            do {
                let request = try journalWithoutDelivery(
                    Notice(
                        id: id, name: name, sender: requester, payload: payload, kind: .request, links: links,
                        version: version, metadata: metadata)
                )
                return (inbox, request, LivenessWatch(collector, on: journal))
            } catch {
                inbox.forget(id)
                throw error
            }
        }
        defer {
            liveness.stop()
            inbox.forget(id)
        }
        let reason = await collector.wait(timeout: timeout)
        if let failure = collector.failure { throw failure }
        return counted(
            ReplyCollection(replies: collector.replies, stopReason: reason, asked: asked.count, request: request))
    }

    /// `collection`, counted by why it stopped when the hub reports metrics.
    private func counted<Value>(_ collection: ReplyCollection<Value>) -> ReplyCollection<Value> {
        metrics?.requestEnded(collection.stopReason)
        return collection
    }

    /// The hub's reply inbox, started on first use, and again after one
    /// ended on a journal it could not read on.
    private func replyInbox(on journal: any NoticeJournal) throws -> ReplyInbox {
        guard let writer, !writer.isClosed else { throw JournalError.closed }
        return try replyInbox.locked { inbox in
            if let inbox, inbox.isOpen { return inbox }
            let started = try ReplyInbox(journal: journal)
            inbox = started
            return started
        }
    }

    /// A reply notice as a typed reply: its payload decoded as `Value`, or
    /// the failure it reports.
    private static func reply<Value: Decodable & Sendable>(_ notice: Notice) -> Reply<Value> {
        let responder = notice.sender ?? "unknown"
        guard notice.kind == .reply else {
            let reason = (try? notice.decode(ReplyFailure.self).error) ?? "no reason given"
            return Reply(
                responder: responder,
                result: .failure(NoticeHubError.responderFailed(responder: responder, reason: reason)))
        }
        return Reply(
            responder: responder, result: Result { () throws(NoticeHubError) in try notice.decode(Value.self) })
    }
}
