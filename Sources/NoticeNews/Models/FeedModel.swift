public import NoticeHub
public import Observation

/// The news feed as a screen reads it: an `@Observable` model on the main
/// actor whose items are the rows ``LikesProjection`` stores, read at once and
/// again after each commit that changed them (this hub's, another hub's or
/// another process's on the same journal), so a SwiftUI view that shows
/// `items` is redrawn as likes are stored. It watches for as long as it lives.
///
/// ```swift
/// let feed = try FeedModel(hub: hub)
/// withObservationTracking { _ = feed.items } onChange: { print("the feed changed") }
/// ```
@MainActor @Observable
public final class FeedModel {
    /// The feed, by news id.
    public private(set) var items: [NewsItem] = []
    @ObservationIgnored private var watching: Subscription?

    /// Reads the feed from `hub`'s journal and watches it.
    ///
    /// - Throws: ``JournalError/noJournal`` for a hub without a journal, which
    ///   cannot be watched; the read's error when the journal lacks the likes
    ///   tables, which a hub opened with ``LikesProjection`` makes.
    public init(hub: NoticeHub) throws {
        watching = try hub.journal.observe(LikesProjection(), on: MainActor.self) { store in
            try NewsStore.feed(in: store)
        } onChange: { [weak self] items in
            self?.items = items
        }
    }
}
