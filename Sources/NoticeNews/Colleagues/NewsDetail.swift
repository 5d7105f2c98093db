public import NoticeHub
import Synchronization

/// The detail colleague: one news item, kept in step by the hub.
public final class NewsDetail: Sendable {
    private let state: Mutex<NewsItem>
    private let log: NewsLog?

    /// Shows `item` and follows the hub's notices about it.
    public init(hub: NoticeHub, item: NewsItem, log: NewsLog? = nil) {
        state = Mutex(item)
        self.log = log
        _ = hub.observe(NewsLiked.name, owner: self) { [weak self] notice in
            guard let detail = self else { return }
            guard let liked = try? notice.message(NewsLiked.self) else { return }
            detail.log?("News Detail: Received a liked news model with id \(liked.newsID)")
            detail.state.locked { if $0.id == liked.newsID { $0.likes += 1 } }
        }
        _ = hub.observe(NewsUnliked.name, owner: self) { [weak self] notice in
            guard let detail = self else { return }
            guard let unliked = try? notice.message(NewsUnliked.self) else { return }
            detail.log?("News Detail: Received a disliked news model with id \(unliked.newsID)")
            detail.state.locked { if $0.id == unliked.newsID { $0.likes -= 1 } }
        }
    }

    /// The item as shown now.
    public var item: NewsItem { state.locked { $0 } }
}
