extension HubJournal {
    /// Reads the notices `query` selects, of every kind, from `query.from`
    /// on, then those any process commits later, in sequence order, each
    /// once, without delivering them: for tools that list a journal as it
    /// grows (`noticectl tail --follow`). `handler` runs on a thread of its
    /// own; `query.through` and `query.limit` are ignored.
    ///
    /// Failures are handled as ``follow(pollInterval:onFailure:)`` handles
    /// them. Cancel the token to stop.
    public func tail(
        _ query: JournalQuery,
        pollInterval: Duration? = nil,
        onFailure: (@Sendable (any Error) -> Void)? = nil,
        handler: @escaping @Sendable (Notice) -> Void
    ) throws -> Subscription {
        let journal = try requireJournal()
        var query = query
        query.through = nil
        query.limit = nil
        let follower = try JournalFollower(
            journal: journal, options: .init(query: query, pollInterval: pollInterval ?? journal.pollInterval),
            onFailure: onFailure, sink: handler)
        return Subscription(registration: follower, issuer: identity)
    }
}
