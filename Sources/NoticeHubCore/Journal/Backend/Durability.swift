/// When a journaled post counts as safe, modeled on Redis's `appendfsync`.
///
/// | setting | `post` returns after | a crash can lose |
/// |---|---|---|
/// | ``always`` | its commit is on disk (fsync); concurrent posters share one commit | nothing that was acknowledged |
/// | ``batched(maxDelay:)`` | it is appended to an open transaction, committed (with fsync) at most `maxDelay` later | the notices of the last `maxDelay` |
/// | ``never`` | as batched, but SQLite never calls fsync: the operating system writes when it likes | nothing if only the process dies; recent notices if the machine does |
public enum Durability: Sendable, Equatable {
    /// Every acknowledged notice is on disk (group commit). The default.
    case always
    /// Commits at least every `maxDelay`; a crash may lose that window.
    case batched(maxDelay: Duration = .milliseconds(100))
    /// Commits like batched without fsync; survives the process, not the machine.
    case never
}
