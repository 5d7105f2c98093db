/// A journal that announces commits, from any process, so that followers
/// see them before their next poll (``NoticeJournal/pollInterval``).
public protocol CommitAnnouncingJournal: NoticeJournal {
    /// Calls `wake` soon after each commit to the journal, from any process,
    /// until the returned watch is cancelled; nil when this journal object
    /// was set up not to announce (followers then poll). A wake-up carries no
    /// data: the follower reads the journal for what changed.
    func watchCommits(_ wake: @escaping @Sendable () -> Void) -> (any CommitWatch)?
}

/// A registration for commit wake-ups (``CommitAnnouncingJournal/watchCommits(_:)``).
public protocol CommitWatch: AnyObject, Sendable {
    /// Stops the wake-ups; idempotent.
    func cancel()
}
