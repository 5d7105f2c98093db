/// One responder's answer to a request.
public struct Reply<Value: Sendable>: Sendable {
    /// Who answered.
    public let responder: Sender
    /// The answer, or the error the responder threw.
    public let result: Result<Value, any Error>

    /// The answer, or nil when the responder failed.
    @inlinable
    public var value: Value? { try? result.get() }
}

extension Reply {
    /// `answer` as a reply of `Value`: an answer of another type is a
    /// failed reply, ``NoticeHubError/replyMismatch(responder:expected:actual:)``.
    init(typing answer: Reply<any Sendable>) {
        self.init(responder: answer.responder, typing: answer.result)
    }

    /// `responder`'s raw `answer` as a reply of `Value`. Inlined: it runs
    /// once per reply on the synchronous `request` and `collect` path.
    @inline(__always)
    init(responder: Sender, typing answer: Result<any Sendable, any Error>) {
        switch answer {
        case .success(let value as Value):
            self.init(responder: responder, result: .success(value))
        case .success(let other):
            self.init(
                responder: responder,
                result: .failure(
                    NoticeHubError.replyMismatch(
                        responder: responder, expected: "\(Value.self)", actual: "\(type(of: other))")))
        case .failure(let error):
            self.init(responder: responder, result: .failure(error))
        }
    }

    /// This reply with its value untyped, as a collection gathers it.
    var untyped: Reply<any Sendable> {
        Reply<any Sendable>(responder: responder, result: result.map { $0 })
    }
}

public struct ReplyCollection<Value: Sendable>: Sendable {
    /// Why a collection stopped.
    public enum StopReason: Sendable, Equatable {
        /// Every responder asked has answered (successfully or not).
        case allAnswered
        /// The maximum number of replies arrived first.
        case maxRepliesReached
        /// The timeout passed first; the replies are those that arrived in time.
        case timedOut
        /// No responder matched; known at once, without waiting.
        case noResponders
        /// The collecting task was cancelled.
        case cancelled

        /// The same reason, of a collection of another type.
        init<Other>(_ reason: ReplyCollection<Other>.StopReason) {
            switch reason {
            case .allAnswered: self = .allAnswered
            case .maxRepliesReached: self = .maxRepliesReached
            case .timedOut: self = .timedOut
            case .noResponders: self = .noResponders
            case .cancelled: self = .cancelled
            }
        }
    }

    /// The replies that arrived, in the responders' registration order.
    public let replies: [Reply<Value>]
    /// Why the collection stopped.
    public let stopReason: StopReason
    /// How many responders were asked.
    public let asked: Int
    /// The request as journaled, for a collection across processes that
    /// asked someone (its id is the conversation's); nil otherwise.
    public let request: Notice?

    init(replies: [Reply<Value>], stopReason: StopReason, asked: Int, request: Notice? = nil) {
        self.replies = replies
        self.stopReason = stopReason
        self.asked = asked
        self.request = request
    }

    /// The successful answers, in registration order.
    @inlinable
    public var values: [Value] { replies.compactMap { $0.value } }
}

/// A responder's handler: synchronous responders answer both forms of request,
/// asynchronous ones only ``NoticeHub/collect(_:payload:from:as:timeout:maxReplies:)``.
enum Responder: Sendable {
    case sync(@Sendable (Notice) throws -> any Sendable)
    case async(@Sendable (Notice) async throws -> any Sendable)
}

/// What responders' registrations add: their identity and their answers.
extension Registration {
    /// Responders always have an identity: the sender they answer as.
    var responder: Sender { excludedSender! }

    /// A raw answer as this responder's reply, not yet typed.
    func reply(_ answer: Result<any Sendable, any Error>) -> Reply<any Sendable> {
        Reply<any Sendable>(responder: responder, result: answer)
    }

    /// Turns a raw answer into a typed reply.
    func reply<Value>(_ answer: Result<any Sendable, any Error>, as valueType: Value.Type) -> Reply<Value> {
        Reply(responder: responder, typing: answer)
    }

    /// Whether the responder answers asynchronously (only `collect` waits
    /// for such answers).
    var answersAsynchronously: Bool {
        if case .async = handler(as: Responder.self) { true } else { false }
    }

    /// Runs a synchronous responder on this thread; nil when it was cancelled
    /// before it could answer. Counted as a delivery, like every
    /// invocation: a responder whose owner is gone cancels itself inside
    /// `invoke`, and must not wait for its own call to end. An asynchronous
    /// responder answers ``NoticeHubError/asynchronousResponder(_:)``.
    func answerSynchronously(_ notice: Notice, in context: DeliveryContext) -> Result<any Sendable, any Error>? {
        var answer: Result<any Sendable, any Error>?
        context.delivering {
            _ = invoke(as: Responder.self, in: context) { handler in
                switch handler {
                case .sync(let respond):
                    answer = Result { try respond(notice) }
                case .async:
                    answer = .failure(NoticeHubError.asynchronousResponder(responder))
                }
            }
        }
        return answer
    }
}
