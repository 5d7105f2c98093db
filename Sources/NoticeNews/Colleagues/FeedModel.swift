public import NoticeHub
public import Observation

/// The news feed as a screen reads it: an `@Observable` model on the main
/// actor whose items follow the news notices, so a SwiftUI view that shows
/// `items` is redrawn as likes arrive. It follows the hub for as long as it
/// lives.
///
/// ```swift
/// let feed = FeedModel(hub: hub)
/// withObservationTracking { _ = feed.items } onChange: { print("the feed changed") }
/// ```
@MainActor @Observable
public final class FeedModel {
    /// The feed, by news id.
    public private(set) var items: [NewsItem] = []

    /// Starts from `items` (a rebuilt state, or none) and follows the hub.
    public init(hub: NoticeHub, items: [NewsItem] = []) {
        self.items = items.sorted { $0.id < $1.id }
        _ = hub.observe(NewsPublished.self, on: MainActor.self, owner: self) { [weak self] published, _ in
            guard let feed = self else { return }
            feed.publish(NewsItem(id: published.id, title: published.title))
        }
        _ = hub.observe(NewsLiked.self, on: MainActor.self, owner: self) { [weak self] liked, _ in
            guard let feed = self else { return }
            feed.count(liked.newsID, by: 1)
        }
        _ = hub.observe(NewsUnliked.self, on: MainActor.self, owner: self) { [weak self] unliked, _ in
            guard let feed = self else { return }
            feed.count(unliked.newsID, by: -1)
        }
    }

    private func publish(_ item: NewsItem) {
        guard !items.contains(where: { $0.id == item.id }) else { return }
        items.append(item)
        items.sort { $0.id < $1.id }
    }

    private func count(_ newsID: Int, by change: Int) {
        guard let index = items.firstIndex(where: { $0.id == newsID }) else { return }
        items[index].likes += change
    }
}
