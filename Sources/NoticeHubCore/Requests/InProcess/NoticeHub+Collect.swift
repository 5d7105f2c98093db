extension NoticeHub {
    /// Asks every matching responder, synchronous and asynchronous, except
    /// `requester`, and gathers replies until all have answered, `maxReplies`
    /// have arrived, or `timeout` passes — whichever comes first.
    ///
    /// Synchronous responders answer first, on the calling task, in
    /// registration order (the timeout bounds the wait for asynchronous
    /// ones); asynchronous responders answer concurrently, each in a task of
    /// its own. Such a task starts on the calling task's thread and runs
    /// there until it first suspends (`Task.immediate`; before macOS 26 and
    /// its siblings it is enqueued), so a responder that answers without
    /// suspending costs no thread hop, and its part before its first
    /// suspension is not bounded by the timeout.
    ///
    /// A responder that throws answers with a failed ``Reply``, and that
    /// reply counts towards `maxReplies` like any other: the cap bounds how
    /// many answers are waited for, successful or not.
    ///
    /// With no matching responder it returns at once with
    /// ``ReplyCollection/StopReason/noResponders``. Responders still working
    /// when it stops are cancelled and their late answers dropped; those not
    /// yet asked when `maxReplies` is reached are not asked. Any
    /// `timeout` is accepted: a negative one stops at once, a huge one
    /// (`.seconds(Int64.max)`) waits a very long time (about 34 years).
    ///
    /// A request needs a literal name: a pattern throws
    /// ``NoticeHubError/patternNotPostable(_:)`` and asks no one.
    public func collect<Value: Sendable>(
        _ name: NoticeName,
        payload: some Sendable,
        from requester: Sender,
        as type: Value.Type = Value.self,
        timeout: Duration,
        maxReplies: Int = .max
    ) async throws(NoticeHubError) -> ReplyCollection<Value> {
        try refusePattern(name)
        let collection = await collectReplies(
            name, payload: payload, from: requester, as: type, timeout: timeout, maxReplies: maxReplies)
        metrics?.requestEnded(collection.stopReason)
        return collection
    }

    /// ``collect(_:payload:from:as:timeout:maxReplies:)`` for a literal name.
    private func collectReplies<Value: Sendable>(
        _ name: NoticeName, payload: some Sendable, from requester: Sender, as type: Value.Type,
        timeout: Duration, maxReplies: Int
    ) async -> ReplyCollection<Value> {
        let targets = responders.targets(name: name, sender: requester)
        guard !targets.isEmpty, maxReplies > 0 else {
            return ReplyCollection(
                replies: [], stopReason: targets.isEmpty ? .noResponders : .maxRepliesReached,
                asked: targets.count)
        }
        guard !Task.isCancelled else {
            return ReplyCollection(replies: [], stopReason: .cancelled, asked: targets.count)
        }
        let notice = Notice(name: name, sender: requester, payload: .value(payload))
        // Synchronous responders answer at once, on this task and in
        // registration order, as `request` asks them: a collection that only
        // they serve never suspends, and needs no task and no timer.
        var replies: [Reply<Value>] = []
        var replyOrders: [Int] = []
        var waiting: [(order: Int, registration: Registration)] = []
        let context = DeliveryContext.current
        for (order, registration) in targets.enumerated() {
            guard !registration.answersAsynchronously else {
                waiting.append((order, registration))
                continue
            }
            guard let answer = registration.answerSynchronously(notice, in: context) else { continue }
            replies.append(registration.reply(answer, as: Value.self))
            replyOrders.append(order)
            if replies.count >= maxReplies {
                return ReplyCollection(replies: replies, stopReason: .maxRepliesReached, asked: targets.count)
            }
        }
        guard !waiting.isEmpty else {
            return ReplyCollection(replies: replies, stopReason: .allAnswered, asked: targets.count)
        }
        let (untyped, reason) = await AsynchronousAnswer.collect(
            from: waiting, to: notice, answered: Array(zip(replyOrders, replies.map { $0.untyped })),
            asked: targets.count, maxReplies: maxReplies, timeout: timeout)
        return ReplyCollection(
            replies: untyped.map(Reply.init(typing:)), stopReason: .init(reason), asked: targets.count)
    }

    /// Asks every matching responder of a typed request, asynchronously.
    public func collect<Request: NoticeRequest>(
        _ request: Request,
        from requester: Sender,
        timeout: Duration,
        maxReplies: Int = .max
    ) async throws(NoticeHubError) -> ReplyCollection<Request.Response> {
        try await collect(
            Request.name, payload: request, from: requester, as: Request.Response.self,
            timeout: timeout, maxReplies: maxReplies)
    }
}
