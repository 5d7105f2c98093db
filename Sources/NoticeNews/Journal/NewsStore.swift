public import NoticeHub

/// The news state of a journaled hub, three ways: as stored by
/// ``LikesProjection``, rebuilt by replaying the journal, and the difference.
public enum NewsStore {
    /// The state from the likes tables: cost grows with news items and users,
    /// not with the journal's length.
    public static func storedState(of hub: NoticeHub) throws -> NewsState {
        try hub.journal.readState { store in NewsState(feed: try feed(in: store), profiles: try profiles(in: store)) }
    }

    /// The news items `user` likes now, from the likes state.
    public static func likes(of user: String, in hub: NoticeHub) throws -> [Int] {
        try hub.journal.readState { try likedNews(of: user, in: $0).map(\.id) }
    }

    /// Colleagues rebuilt from the stored state, following `hub` from now on.
    public static func rebuildFromState(on hub: NoticeHub, detailID: Int? = nil, log: NewsLog? = nil) throws
        -> NewsColleagues
    {
        NewsColleagues(hub: hub, state: try storedState(of: hub), detailID: detailID, log: log)
    }

    /// The state that fresh colleagues reach from the journal's notices alone
    /// (through `last`, or all), and how many notices that took.
    public static func replayedState(
        of hub: NoticeHub, from first: Int64 = 1, through last: Int64? = nil, log: NewsLog? = nil
    ) throws -> (state: NewsState, replayed: Int) {
        let scratch = NoticeHub()
        let colleagues = NewsColleagues(hub: scratch, log: log)
        let count = try hub.journal.replay(
            from: first, through: last, names: [NewsPublished.name, NewsLiked.name, NewsUnliked.name], into: scratch)
        return (colleagues.state, count)
    }

    /// Where the stored state and the journal disagree, one line each;
    /// empty when they agree. Every table is compared (news, the likes
    /// relation, profiles) against the journal's news notices posted again
    /// under the projection's rules (``LikesTables/replayed(from:)``), and a
    /// journaled notice those rules refuse is reported first.
    public static func differences(in hub: NoticeHub) throws -> [String] {
        let (replayed, refused) = try LikesTables.replayed(from: hub)
        return refused + (try LikesTables.stored(in: hub)).differences(from: replayed)
    }
}
