/// How far a projection's rebuild has come, reported after each batch.
public struct RebuildProgress: Sendable, Equatable {
    /// The projection being rebuilt.
    public let identity: String
    /// Notices replayed through it so far.
    public let replayed: Int
    /// The notices of its names in the journal to replay in all (an upper
    /// bound read before the rebuild starts).
    package let total: Int
    /// Seconds since the rebuild started.
    package let elapsed: Double

    /// The share done, 0 to 1, of the notices of its names the journal held
    /// when the rebuild started.
    public var fraction: Double { total == 0 ? 1 : min(1, Double(replayed) / Double(total)) }
    /// Notices per second so far.
    public var rate: Double { elapsed > 0 ? Double(replayed) / elapsed : 0 }
    /// Seconds left at the rate so far; nil before there is a rate.
    public var secondsLeft: Double? { rate > 0 ? Double(total - replayed) / rate : nil }
}

/// What a rebuild did.
public struct ProjectionRebuild: Sendable, Equatable {
    /// The projection rebuilt.
    public let identity: String
    /// The version of the logic it was rebuilt with.
    public let version: Int
    /// Notices replayed through it.
    public let replayed: Int
    /// The sequence its state is now current through.
    public let currentThrough: Int64
    /// Notices its rules refuse now, which therefore changed nothing: one
    /// line each (the first 20), e.g. `notice #7 news.liked: news 4 does not exist`.
    public let refusals: [String]
    /// How many notices it refused, listed or not.
    public let refusedCount: Int
}
