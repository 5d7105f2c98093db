extension NoticeHub {
    /// Runs `body` so that every notice it posts on this thread names
    /// `notice` as its cause and joins its conversation (the one `notice`
    /// belongs to, or the one it starts).
    ///
    /// Handlers get this for free: what a handler posts while a notice is
    /// delivered names that notice. Use it where a notice is handled outside
    /// a delivery, such as in a loop over a stream:
    ///
    /// ```swift
    /// for await liked in hub.notices(named: "news.liked") {
    ///     try NoticeHub.withCause(liked) {
    ///         try hub.post("profile.changed", sender: "profile")
    ///     }
    /// }
    /// ```
    public static func withCause<T>(_ notice: Notice, _ body: () throws -> T) rethrows -> T {
        try DeliveryContext.current.causing(.caused(by: notice), body)
    }
}
