/// What an asynchronous responder in this process answers a request.
enum AsynchronousAnswer {
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
