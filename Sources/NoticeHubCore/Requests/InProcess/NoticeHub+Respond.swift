extension NoticeHub {
    /// Answers requests named `name` (nil: every request) as `responder`.
    ///
    /// The responder never receives requests it made itself. A handler that
    /// throws yields a failed ``Reply``; the other responders still answer.
    /// With an `owner`, the responder also ends when the owner is
    /// deallocated, and dropping the token does not end it.
    public func respond<Value: Sendable>(
        to name: NoticeName?,
        as responder: Sender,
        sender: Sender? = nil,
        owner: AnyObject? = nil,
        using handler: @escaping @Sendable (Notice) throws -> Value
    ) -> Subscription {
        addResponder(name, responder, sender, owner: owner.map(OwnerReference.init), .sync { try handler($0) })
    }

    /// Answers requests asynchronously; only ``collect(_:payload:from:as:timeout:maxReplies:)``
    /// waits for such answers.
    public func respond<Value: Sendable>(
        to name: NoticeName?,
        as responder: Sender,
        sender: Sender? = nil,
        using handler: @escaping @Sendable (Notice) async throws -> Value
    ) -> Subscription {
        addResponder(name, responder, sender, owner: nil, .async { try await handler($0) })
    }

    /// Answers a typed request with its declared response type.
    public func respond<Request: NoticeRequest>(
        to type: Request.Type,
        as responder: Sender,
        sender: Sender? = nil,
        using handler: @escaping @Sendable (Request, Notice) throws -> Request.Response
    ) -> Subscription {
        respond(to: Request.name, as: responder, sender: sender) { notice in
            try handler(try notice.decode(Request.self), notice)
        }
    }

    @available(*, deprecated, message: "give the owner as `owner:`, and capture it weakly in the handler")
    @discardableResult
    public func respond<Owner: AnyObject & Sendable, Value: Sendable>(
        to name: NoticeName?,
        as responder: Sender,
        sender: Sender? = nil,
        owner: Owner,
        using handler: @escaping @Sendable (Owner, Notice) throws -> Value
    ) -> Subscription {
        let reference = OwnerReference(owner)
        return addResponder(
            name, responder, sender, owner: reference,
            .sync { [reference] notice in
                guard let owner = reference.object as? Owner else { throw CancellationError() }
                return try handler(owner, notice)
            })
    }

    func addResponder(
        _ name: NoticeName?, _ responder: Sender, _ sender: Sender?,
        owner: OwnerReference?, _ handler: Responder
    ) -> Subscription {
        let registration = responders.add(
            name: name, sender: sender, excludedSender: responder, owner: owner, handler: handler)
        return Subscription(registration: registration, issuer: identity, cancelsOnDeinit: owner == nil)
    }
}
