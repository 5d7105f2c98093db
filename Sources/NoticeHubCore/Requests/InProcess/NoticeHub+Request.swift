extension NoticeHub {
    /// Asks every matching synchronous responder, except `requester` itself,
    /// and returns their replies in registration order.
    ///
    /// Requests are delivered like notices (synchronously, on this thread) but
    /// never journaled, so their payload only needs to be `Sendable`. Like a
    /// notice, a request needs a literal name: a pattern throws
    /// ``NoticeHubError/patternNotPostable(_:)`` and asks no one.
    ///
    /// - Parameters:
    ///   - name: the request's name.
    ///   - payload: what the responders get as the notice's payload.
    ///   - requester: who asks; its own responder is not asked.
    ///   - type: the type the replies are expected to have; a reply of
    ///     another type is a failed ``Reply``.
    ///   - isAsked: when given, only responders it accepts are asked (a
    ///     mediator that knows which peers matter, like the airplanes that
    ///     ask only the planes closer to the runway).
    public func request<Value: Sendable>(
        _ name: NoticeName,
        payload: some Sendable,
        from requester: Sender,
        as type: Value.Type = Value.self,
        askingOnly isAsked: ((Sender) -> Bool)? = nil
    ) throws(NoticeHubError) -> [Reply<Value>] {
        try refusePattern(name)
        return ask(name, payload: payload, from: requester, as: type, askingOnly: isAsked)
    }

    /// `request` for a name known to be literal (a ``Mediator``'s own).
    func ask<Value: Sendable>(
        _ name: NoticeName, payload: some Sendable, from requester: Sender,
        as type: Value.Type, askingOnly isAsked: ((Sender) -> Bool)? = nil
    ) -> [Reply<Value>] {
        let notice = Notice(name: name, sender: requester, payload: .value(payload))
        var targets = responders.targets(name: name, sender: requester)
        if let isAsked {
            targets.removeAll { !isAsked($0.responder) }
        }
        guard !targets.isEmpty else { return [] }
        var replies: [Reply<Value>] = []
        replies.reserveCapacity(targets.count)
        let context = DeliveryContext.current
        for registration in targets {
            if let answer = registration.answerSynchronously(notice, in: context) {
                replies.append(registration.reply(answer, as: Value.self))
            }
        }
        return replies
    }

    /// Asks every matching responder of a typed request.
    public func request<Request: NoticeRequest>(
        _ request: Request, from requester: Sender
    ) throws(NoticeHubError) -> [Reply<Request.Response>] {
        try self.request(Request.name, payload: request, from: requester, as: Request.Response.self)
    }
}
