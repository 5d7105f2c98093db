extension NoticeHub {
    /// Sets what happens to a notice that a typed observer or a typed stream
    /// of this hub cannot decode, live or brought by a follower or a durable
    /// subscriber: `handler` gets it, on the thread that delivered it. By
    /// default each is written as one line to standard error. A replay
    /// collects those it delivers instead (see
    /// ``HubJournal/replay(from:through:names:into:onUndecodable:)``). An
    /// asynchronous typed observer decodes on its task, so what it cannot
    /// decode comes here during a replay too.
    ///
    /// ```swift
    /// hub.onUndecodable { undecodable in
    ///     problems.append("\(undecodable)")   // notice #12 (news.liked version 1 from feed) is not a NewsLiked: …
    /// }
    /// ```
    public func onUndecodable(_ handler: @escaping @Sendable (UndecodableNotice) -> Void) {
        undecodableReports.setHandler(handler)
    }
}
