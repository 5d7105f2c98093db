extension NoticeHub {
    /// Asks every matching responder, synchronous and asynchronous, except
    /// `requester`, and gathers replies until all have answered, `maxReplies`
    /// have arrived, or `timeout` passes — whichever comes first.
    ///
    /// A responder that throws answers with a failed ``Reply``, and that
    /// reply counts towards `maxReplies` like any other: the cap bounds how
    /// many answers are waited for, successful or not.
    ///
    /// With no matching responder it returns at once with
    /// ``ReplyCollection/StopReason/noResponders``. Responders still working
    /// when it stops are cancelled and their late answers dropped. Any
    /// `timeout` is accepted: a negative one stops at once, a huge one
    /// (`.seconds(Int64.max)`) waits a very long time (about 34 years).
    public func collect<Value: Sendable>(
        _ name: NoticeName,
        payload: some Sendable,
        from requester: Sender,
        as type: Value.Type = Value.self,
        timeout: Duration,
        maxReplies: Int = .max
    ) async -> ReplyCollection<Value> {
        let targets = responders.targets(name: name, sender: requester)
        guard !targets.isEmpty, maxReplies > 0 else {
            return ReplyCollection(
                replies: [], stopReason: targets.isEmpty ? .noResponders : .maxRepliesReached,
                asked: targets.count)
        }
        let notice = Notice(name: name, sender: requester, payload: .value(payload))
        let gatherer = ReplyGatherer<Value>(asked: targets.count, maxReplies: maxReplies)
        let reason = await withTaskCancellationHandler {
            await gatherer.run(targets: targets, notice: notice, timeout: timeout)
        } onCancel: {
            gatherer.finish(.cancelled)
        }
        return ReplyCollection(replies: gatherer.replies, stopReason: reason, asked: targets.count)
    }

    /// Asks every matching responder of a typed request, asynchronously.
    public func collect<Request: NoticeRequest>(
        _ request: Request,
        from requester: Sender,
        timeout: Duration,
        maxReplies: Int = .max
    ) async -> ReplyCollection<Request.Response> {
        await collect(
            Request.name, payload: request, from: requester, as: Request.Response.self,
            timeout: timeout, maxReplies: maxReplies)
    }
}
