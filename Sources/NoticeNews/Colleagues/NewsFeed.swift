public import NoticeHub
import Synchronization

/// The news feed colleague: every item with its like count, kept in step by
/// the hub. Unlike the document's feed, whose loop changed a copy, the counts
/// really move.
public final class NewsFeed: Sendable {
    private let hub: NoticeHub
    private let items: Mutex<[Int: NewsItem]>
    private let log: NewsLog?
    /// The sender the feed posts as.
    public static let sender: Sender = "feed"

    /// Starts from `items` (a rebuilt state, or none) and follows the hub.
    public init(hub: NoticeHub, items: [NewsItem] = [], log: NewsLog? = nil) {
        self.hub = hub
        self.items = Mutex(Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { $1 }))
        self.log = log
        _ = hub.observe(NewsPublished.name, owner: self) { [weak self] notice in
            guard let feed = self else { return }
            guard let published = try? notice.message(NewsPublished.self) else { return }
            feed.items.locked { $0[published.id] = NewsItem(id: published.id, title: published.title) }
        }
        _ = hub.observe(NewsLiked.name, owner: self) { [weak self] notice in
            guard let feed = self else { return }
            guard let liked = try? notice.message(NewsLiked.self) else { return }
            feed.log?("News Feed: Received a liked news model with id \(liked.newsID)")
            feed.items.locked { $0[liked.newsID]?.likes += 1 }
        }
        _ = hub.observe(NewsUnliked.name, owner: self) { [weak self] notice in
            guard let feed = self else { return }
            guard let unliked = try? notice.message(NewsUnliked.self) else { return }
            feed.log?("News Feed: Received a disliked news model with id \(unliked.newsID)")
            feed.items.locked { $0[unliked.newsID]?.likes -= 1 }
        }
    }

    /// The feed, by news id.
    public var feed: [NewsItem] {
        items.locked { $0.values.sorted { $0.id < $1.id } }
    }

    /// One item, if published.
    public func item(_ id: Int) -> NewsItem? {
        items.locked { $0[id] }
    }

    /// `user` likes every item in the feed, one notice each.
    public func userLikedAllNews(_ user: String) throws {
        log?("News Feed: User LIKED all news models")
        log?("News Feed: I am telling to mediator about it...\n")
        for item in feed {
            try hub.post(NewsLiked(newsID: item.id, user: user), sender: Self.sender)
        }
    }

    /// `user` takes back their like of every item in the feed.
    public func userDislikedAllNews(_ user: String) throws {
        log?("News Feed: User DISLIKED all news models")
        log?("News Feed: I am telling to mediator about it...\n")
        for item in feed {
            try hub.post(NewsUnliked(newsID: item.id, user: user), sender: Self.sender)
        }
    }
}
