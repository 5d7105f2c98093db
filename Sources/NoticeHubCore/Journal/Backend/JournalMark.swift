/// A number a journal keeps about itself, beside its notices
/// (``TrimmingJournalConnection/mark(_:)``).
public enum JournalMark: String, Sendable, CaseIterable {
    /// The lowest sequence number the journal still holds or will hold: a
    /// trim raises it past the notices it removes before it removes one, so
    /// a read asked to start below it is refused
    /// (``JournalError/trimmed(from:firstRetained:)``) instead of skipping
    /// them. Unset: 1.
    case firstRetained = "first_retained"
    /// The last sequence number a check of the journal's rows found sound
    /// (``HubJournal/saveVerifiedCheckpoint(_:)``): where the next check may
    /// start (`noticectl verify --since-checkpoint`).
    case verifiedThrough = "verified_through"
    /// The retention policy's maximum age of a notice, in milliseconds
    /// (``RetentionPolicy/maxAge``).
    case retentionMaxAge = "retention_max_age_ms"
    /// The retention policy's maximum count of notices
    /// (``RetentionPolicy/maxCount``).
    case retentionMaxCount = "retention_max_count"
    /// The retention policy's maximum bytes of payload
    /// (``RetentionPolicy/maxBytes``).
    case retentionMaxBytes = "retention_max_bytes"
}
