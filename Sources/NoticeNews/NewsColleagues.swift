public import NoticeHub

/// The three news colleagues of document 004 on one hub.
public struct NewsColleagues: Sendable {
    public let feed: NewsFeed
    public let detail: NewsDetail?
    public let profiles: Profiles

    /// Builds the colleagues from `state` (empty for a fresh start), showing
    /// `detailID` in the detail colleague when that item exists.
    public init(
        hub: NoticeHub, state: NewsState = NewsState(feed: [], profiles: []),
        detailID: Int? = nil, log: NewsLog? = nil
    ) {
        feed = NewsFeed(hub: hub, items: state.feed, log: log)
        detail = state.feed.first { $0.id == detailID }.map { NewsDetail(hub: hub, item: $0, log: log) }
        profiles = Profiles(hub: hub, profiles: state.profiles, log: log)
    }

    /// What the colleagues show now.
    public var state: NewsState {
        NewsState(feed: feed.feed, profiles: profiles.profiles)
    }
}
