/// One line of the feed: a news item and how many users like it.
public struct NewsItem: Codable, Sendable, Equatable {
    public var id: Int
    public var title: String
    public var likes: Int

    public init(id: Int, title: String, likes: Int = 0) {
        self.id = id
        self.title = title
        self.likes = likes
    }
}

/// A user's profile: how many likes they have given.
public struct Profile: Codable, Sendable, Equatable {
    public var user: String
    public var givenLikes: Int

    public init(user: String, givenLikes: Int) {
        self.user = user
        self.givenLikes = givenLikes
    }
}

/// What the news colleagues show, in one comparable value: the feed by news
/// id, profiles by user name. Live, rebuilt and replayed colleagues must agree
/// on it exactly.
public struct NewsState: Codable, Sendable, Equatable {
    public var feed: [NewsItem]
    public var profiles: [Profile]

    public init(feed: [NewsItem], profiles: [Profile]) {
        self.feed = feed.sorted { $0.id < $1.id }
        self.profiles = profiles.filter { $0.givenLikes != 0 }.sorted { $0.user < $1.user }
    }
}
