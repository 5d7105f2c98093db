public import NoticeHub
public import Observation

/// One news item as a detail screen reads it: an `@Observable` model on the
/// main actor holding the item's row and who likes it, as ``LikesProjection``
/// stores them, read at once and again after each commit that changed them
/// (this hub's, another hub's or another process's on the same journal). It
/// watches for as long as it lives.
///
/// ```swift
/// let detail = try NewsDetailModel(hub: hub, newsID: 1)
/// print(detail.item?.title ?? "not published", detail.likers)
/// ```
@MainActor @Observable
public final class NewsDetailModel {
    /// The id of the item shown.
    public let newsID: Int
    /// The item with its likes; nil while it is not published.
    public private(set) var item: NewsItem?
    /// The users who like the item, by name.
    public private(set) var likers: [String] = []
    @ObservationIgnored private var watching: Subscription?

    /// Reads the item `newsID` from `hub`'s journal and watches it.
    ///
    /// - Throws: ``JournalError/noJournal`` for a hub without a journal, which
    ///   cannot be watched; the read's error when the journal lacks the likes
    ///   tables, which a hub opened with ``LikesProjection`` makes.
    public init(hub: NoticeHub, newsID: Int) throws {
        self.newsID = newsID
        watching = try hub.journal.observe(LikesProjection(), on: MainActor.self) { store in
            Shown(item: try NewsStore.item(newsID, in: store), likers: try NewsStore.likers(of: newsID, in: store))
        } onChange: { [weak self] shown in
            self?.item = shown.item
            self?.likers = shown.likers
        }
    }

    /// What one read gives: the item and its likers, as one transaction saw them.
    private struct Shown: Equatable, Sendable {
        var item: NewsItem?
        var likers: [String]
    }
}
