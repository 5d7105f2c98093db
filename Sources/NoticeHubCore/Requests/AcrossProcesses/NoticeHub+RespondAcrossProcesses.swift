extension NoticeHub {
    /// Answers requests named `name` (or matching the pattern `name`, such
    /// as `weather.*`) that any process posts to this hub's journal (on
    /// PostgreSQL, any host), as `responder`, until the returned subscription
    /// is cancelled or dropped.
    ///
    /// The responder announces itself in the journal with a claim the system
    /// drops if this process dies, so requesters know it is there
    /// (``collectAcrossProcesses(_:payload:from:as:timeout:maxReplies:causedBy:onReply:)``).
    /// Each answer is journaled as a ``NoticeKind/reply`` whose
    /// ``Notice/cause`` is the request; a handler that throws answers with a
    /// ``NoticeKind/failure``. Requests are answered one at a time, in journal
    /// order, on a thread of the responder's own; the responder does not
    /// answer its own requests. A request posted more than a minute before
    /// the responder started, by the requester's clock (an import, or a host
    /// whose clock is behind), is refused with a failure that says so.
    ///
    /// ```swift
    /// let answering = try hub.respondAcrossProcesses(to: "weather.now", as: "station") { request in
    ///     Weather(celsius: 21)
    /// }
    /// ```
    ///
    /// `onAnswer`, when given, hears what became of each request once the
    /// answer is journaled: the reply, or the failure the requester was sent
    /// (the handler threw, or the journal refused the reply: too large, say),
    /// or the error that kept the journal from taking either.
    ///
    /// Closing the hub withdraws the responder. Throws
    /// ``JournalError/noJournal`` for an in-memory hub,
    /// ``JournalError/closed`` for a closed one, or what the journal throws
    /// when it cannot announce the responder.
    public func respondAcrossProcesses<Value: Encodable & Sendable>(
        to name: NoticeName,
        as responder: Sender,
        onAnswer: (@Sendable (_ request: Notice, _ answer: Result<Notice, any Error>) -> Void)? = nil,
        using handler: @escaping @Sendable (Notice) throws -> Value
    ) throws -> Subscription {
        try respondAcrossProcesses(name, responder, onAnswer) { .encodable(try handler($0)) }
    }

    /// Answers requests across processes with JSON text, as tools do: the
    /// handler returns one JSON value, checked as ``post(_:sender:json:version:metadata:)``
    /// checks it.
    package func respondAcrossProcesses(
        to name: NoticeName,
        as responder: Sender,
        onAnswer: (@Sendable (_ request: Notice, _ answer: Result<Notice, any Error>) -> Void)? = nil,
        jsonAnswer handler: @escaping @Sendable (Notice) throws -> String
    ) throws -> Subscription {
        try respondAcrossProcesses(name, responder, onAnswer) {
            .json(try NoticePayload.canonicalJSON(try handler($0)))
        }
    }

    private func respondAcrossProcesses(
        _ name: NoticeName, _ responder: Sender,
        _ onAnswer: (@Sendable (_ request: Notice, _ answer: Result<Notice, any Error>) -> Void)?,
        _ handler: @escaping @Sendable (Notice) throws -> NoticePayload
    ) throws -> Subscription {
        let journal = try requireJournal().requireResponderClaims()
        guard let writer else { throw JournalError.noJournal }
        guard !writer.isClosed else { throw JournalError.closed }
        let registration = try JournalResponder(
            hub: self, journal: journal, name: name, responder: responder, onAnswer: onAnswer, handler: handler)
        journalResponders.add(registration)
        return Subscription(registration: registration, issuer: identity)
    }
}
