extension Duration {
    /// The longest NoticeHub ever waits at once: about 34 years, "forever"
    /// for any caller, and far below what the system's timers can represent
    /// (a task's sleep of `.seconds(Int64.max)` traps converting it to
    /// nanoseconds, and so does a condition's wait a few centuries ahead).
    static let longestWait: Duration = .seconds(1 << 30)

    /// This duration made safe to wait for: negative ones wait not at all,
    /// longer ones than ``longestWait`` wait that long.
    var clampedForWaiting: Duration {
        min(max(self, .zero), .longestWait)
    }
}
