/// What an asynchronous responder in this process answers a request.
enum AsynchronousAnswer {
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
