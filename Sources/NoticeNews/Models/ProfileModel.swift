public import NoticeHub
public import Observation

/// A user's profile as a screen reads it: an `@Observable` model on the main
/// actor holding how many likes the user has given and the news they like, as
/// ``LikesProjection`` stores them, read at once and again after each commit
/// that changed them (this hub's, another hub's or another process's on the
/// same journal). It watches for as long as it lives.
///
/// ```swift
/// let profile = try ProfileModel(hub: hub, user: "alice")
/// print(profile.givenLikes, profile.likedNews.map(\.title))
/// ```
@MainActor @Observable
public final class ProfileModel {
    /// The user shown.
    public let user: String
    /// How many likes the user has given: 0 before their first.
    public private(set) var givenLikes = 0
    /// The news the user likes, by id.
    public private(set) var likedNews: [NewsItem] = []
    @ObservationIgnored private var watching: Subscription?

    /// Reads `user`'s profile from `hub`'s journal and watches it.
    ///
    /// - Throws: ``JournalError/noJournal`` for a hub without a journal, which
    ///   cannot be watched; the read's error when the journal lacks the likes
    ///   tables, which a hub opened with ``LikesProjection`` makes.
    public init(hub: NoticeHub, user: String) throws {
        self.user = user
        watching = try hub.journal.observe(LikesProjection(), on: MainActor.self) { store in
            Shown(
                givenLikes: try NewsStore.givenLikes(of: user, in: store),
                likedNews: try NewsStore.likedNews(of: user, in: store))
        } onChange: { [weak self] shown in
            self?.givenLikes = shown.givenLikes
            self?.likedNews = shown.likedNews
        }
    }

    /// What one read gives: the count and the news, as one transaction saw them.
    private struct Shown: Equatable, Sendable {
        var givenLikes: Int
        var likedNews: [NewsItem]
    }
}
