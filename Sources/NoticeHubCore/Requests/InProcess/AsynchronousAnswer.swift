/// What an asynchronous responder in this process answers a request.
enum AsynchronousAnswer {
    /// Asks the asynchronous responders `waiting` (each with its place in
    /// registration order) and waits for their answers, beside those
    /// `answered` already, until all `asked` have answered, `maxReplies`
    /// have arrived, `timeout` passes or the task is cancelled.
    ///
    /// Each answers in a task of its own, started on this task: one that
    /// answers without suspending has answered before the wait, which then
    /// neither suspends nor sets a timer. Unstructured tasks rather than a
    /// task group, which would make the requester wait for responders that
    /// ignore cancellation. Once the collection stops (the maximum reached),
    /// the rest are not asked. Answers are gathered untyped, for the
    /// requester to type once: the collection's bookkeeping then needs no
    /// generic type made at run time.
    static func collect(
        from waiting: [(order: Int, registration: Registration)], to notice: Notice,
        answered: [(order: Int, reply: Reply<any Sendable>)], asked: Int, maxReplies: Int, timeout: Duration
    ) async -> (replies: [Reply<any Sendable>], stopReason: ReplyCollection<any Sendable>.StopReason) {
        let collector = ReplyCollector<any Sendable, CountedAnswers>(
            accounting: CountedAnswers(asked: asked, answered: asked - waiting.count),
            maxReplies: maxReplies, arrived: answered)
        var tasks: [Task<Void, Never>] = []
        for (order, registration) in waiting where !collector.hasStopped {
            tasks.append(
                start(registration, to: notice) { answer in
                    collector.record(answer.map { registration.reply($0) }, order: order, from: ())
                })
        }
        collector.cancelOnStop(tasks)
        let reason = await collector.wait(timeout: timeout)
        return (collector.replies, reason)
    }

    /// Starts `registration`'s answer to `notice` in a task of its own and
    /// hands it to `record` when it ends (nil when it was cancelled first).
    ///
    /// The task starts on the calling thread and runs there until it first
    /// suspends, where the system offers that (`Task.immediate`; elsewhere
    /// it is enqueued): a responder that answers without suspending has
    /// answered when this returns, with no thread woken for it.
    static func start(
        _ registration: Registration, to notice: Notice,
        record: @escaping @Sendable (Result<any Sendable, any Error>?) -> Void
    ) -> Task<Void, Never> {
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            Task.immediate { record(await of(registration, to: notice)) }
        } else {
            Task { record(await of(registration, to: notice)) }
        }
    }

    /// The responder's answer; nil when it, or the collection that asks it,
    /// was cancelled before it could answer.
    static func of(_ registration: Registration, to notice: Notice) async -> Result<any Sendable, any Error>? {
        guard !registration.isCancelled, !Task.isCancelled else { return nil }
        guard case .async(let respond) = registration.handler(as: Responder.self) else {
            preconditionFailure("synchronous responders answer before the asynchronous ones are asked")
        }
        do {
            return .success(try await respond(notice))
        } catch {
            return .failure(error)
        }
    }
}
